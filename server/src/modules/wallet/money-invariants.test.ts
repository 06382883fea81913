import { describe, expect, it } from 'vitest';
import { checkMoneyInvariants } from './money-invariants';
import type { MoneyFacts } from './money-invariants';

const sound: MoneyFacts = {
  authorizations: [
    { id: 1, amountCents: 5000, status: 'captured', isCaptureDue: true },
    { id: 2, amountCents: 3000, status: 'released', isCaptureDue: false },
    { id: 3, amountCents: 2000, status: 'authorized', isCaptureDue: false },
  ],
  entries: [
    { memberId: 'bo', kind: 'trade_cash_credit', amountCents: 4900, authorizationId: 1 },
    { memberId: 'bo', kind: 'payout', amountCents: -4000, authorizationId: null },
  ],
  fees: [{ authorizationId: 1, amountCents: 100 }],
};

describe('checkMoneyInvariants', () => {
  it('finds nothing wrong when every captured cent went to a wallet or a fee', () => {
    expect(checkMoneyInvariants(sound)).toEqual([]);
  });

  it('reports money that was captured and credited to nobody', () => {
    const facts = { ...sound, fees: [] };
    expect(checkMoneyInvariants(facts)).toEqual([{ kind: 'not-conserved', capturedCents: 5000, creditedCents: 4900, feeCents: 0 }]);
  });

  it('reports a capture with neither a completed trade nor a resolution', () => {
    const facts: MoneyFacts = { ...sound, authorizations: [{ id: 1, amountCents: 5000, status: 'captured', isCaptureDue: false }] };
    expect(checkMoneyInvariants(facts)).toContainEqual({ kind: 'capture-not-due', authorizationId: 1 });
  });

  it('reports an authorization credited twice', () => {
    const facts: MoneyFacts = {
      ...sound,
      entries: [...sound.entries, { memberId: 'bo', kind: 'trade_cash_credit', amountCents: 4900, authorizationId: 1 }],
    };
    expect(checkMoneyInvariants(facts)).toContainEqual({ kind: 'double-capture', authorizationId: 1, credits: 2 });
  });

  it('reports a credit from an authorization that was never captured', () => {
    const facts: MoneyFacts = {
      authorizations: [{ id: 2, amountCents: 3000, status: 'released', isCaptureDue: false }],
      entries: [{ memberId: 'bo', kind: 'trade_cash_credit', amountCents: 3000, authorizationId: 2 }],
      fees: [],
    };
    expect(checkMoneyInvariants(facts)).toContainEqual({ kind: 'credit-without-capture', authorizationId: 2 });
  });

  it('reports a wallet that went below zero', () => {
    const facts: MoneyFacts = {
      ...sound,
      entries: [...sound.entries, { memberId: 'bo', kind: 'payout', amountCents: -1000, authorizationId: null }],
    };
    expect(checkMoneyInvariants(facts)).toEqual([{ kind: 'negative-balance', memberId: 'bo', balanceCents: -100 }]);
  });

  it('counts captured protection holds and their credits, and reports a hold credited as cash', () => {
    const hold = { id: 4, amountCents: 24000, status: 'captured', purpose: 'protection_hold', isCaptureDue: true } as const;
    const credited: MoneyFacts = {
      ...sound,
      authorizations: [...sound.authorizations, hold],
      entries: [...sound.entries, { memberId: 'cy', kind: 'protection_hold_credit', amountCents: 24000, authorizationId: 4 }],
    };
    expect(checkMoneyInvariants(credited)).toEqual([]);
    expect(checkMoneyInvariants({ ...credited, entries: sound.entries })).toEqual([
      { kind: 'not-conserved', capturedCents: 29000, creditedCents: 4900, feeCents: 100 },
    ]);
    const asCash: MoneyFacts = {
      ...credited,
      entries: [...sound.entries, { memberId: 'cy', kind: 'trade_cash_credit', amountCents: 24000, authorizationId: 4 }],
    };
    expect(checkMoneyInvariants(asCash)).toEqual([{ kind: 'credit-of-wrong-kind', authorizationId: 4, entryKind: 'trade_cash_credit' }]);
    // A hold captured at completion, with no missed deadline or lost dispute, is a capture that was not due.
    expect(checkMoneyInvariants({ ...credited, authorizations: [...sound.authorizations, { ...hold, isCaptureDue: false }] })).toEqual([
      { kind: 'capture-not-due', authorizationId: 4 },
    ]);
  });
});
