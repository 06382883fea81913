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

  describe('cash paid from a wallet', () => {
    const held: MoneyFacts = {
      authorizations: [
        { id: 7, amountCents: 2000, status: 'released', isCaptureDue: false, fromWallet: true },
        { id: 8, amountCents: 1500, status: 'captured', isCaptureDue: true, fromWallet: true },
      ],
      entries: [
        { memberId: 'al', kind: 'trade_cash_credit', amountCents: 5000, authorizationId: 1 },
        { memberId: 'al', kind: 'trade_cash_debit', amountCents: -2000, authorizationId: 7 },
        { memberId: 'al', kind: 'trade_cash_return', amountCents: 2000, authorizationId: 7 },
        { memberId: 'al', kind: 'trade_cash_debit', amountCents: -1500, authorizationId: 8 },
        { memberId: 'bo', kind: 'trade_cash_credit', amountCents: 1500, authorizationId: 8 },
      ],
      fees: [],
    };
    const withCardCapture = {
      ...held,
      authorizations: [...held.authorizations, { id: 1, amountCents: 5000, status: 'captured' as const, isCaptureDue: true }],
    };

    it('finds nothing wrong when a released hold came back and a captured one went to the payee', () => {
      expect(checkMoneyInvariants(withCardCapture)).toEqual([]);
    });

    it('reports a released hold that was never given back, or one given back twice', () => {
      const notReturned = { ...withCardCapture, entries: withCardCapture.entries.filter((e) => e.kind !== 'trade_cash_return') };
      expect(checkMoneyInvariants(notReturned)).toContainEqual({
        kind: 'wallet-hold-unbalanced',
        authorizationId: 7,
        debitedCents: 2000,
        returnedCents: 0,
      });
      const twice = {
        ...withCardCapture,
        entries: [...withCardCapture.entries, { memberId: 'al', kind: 'trade_cash_return' as const, amountCents: 2000, authorizationId: 7 }],
      };
      expect(checkMoneyInvariants(twice)).toContainEqual({
        kind: 'wallet-hold-unbalanced',
        authorizationId: 7,
        debitedCents: 2000,
        returnedCents: 4000,
      });
    });
  });

  describe('withdrawals', () => {
    const base: MoneyFacts = {
      authorizations: [{ id: 1, amountCents: 5000, status: 'captured', isCaptureDue: true }],
      entries: [
        { memberId: 'bo', kind: 'trade_cash_credit', amountCents: 5000, authorizationId: 1 },
        { memberId: 'bo', kind: 'payout', amountCents: -1000, authorizationId: null, payoutId: 1 },
        { memberId: 'bo', kind: 'payout', amountCents: -2000, authorizationId: null, payoutId: 2 },
        { memberId: 'bo', kind: 'payout_reversal', amountCents: 2000, authorizationId: null, payoutId: 2 },
      ],
      fees: [],
      payouts: [
        { id: 1, memberId: 'bo', amountCents: 1000, status: 'paid' },
        { id: 2, memberId: 'bo', amountCents: 2000, status: 'failed' },
      ],
    };

    it('finds nothing wrong when each payout debited once and a failed one came back once', () => {
      expect(checkMoneyInvariants(base)).toEqual([]);
    });

    it('reports a failed payout that was not given back, and a paid one given back', () => {
      const facts: MoneyFacts = {
        ...base,
        payouts: [
          { ...base.payouts![0]!, status: 'failed' },
          { ...base.payouts![1]!, status: 'paid' },
        ],
      };
      expect(checkMoneyInvariants(facts)).toEqual([
        { kind: 'payout-unbalanced', payoutId: 1, debitedCents: 1000, reversedCents: 0 },
        { kind: 'payout-unbalanced', payoutId: 2, debitedCents: 2000, reversedCents: 2000 },
      ]);
    });
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
  describe('a capture reversed on appeal (issue #40)', () => {
    // Ann's $250 hold was captured for Ben; Ben withdrew $210 of it; an admin reversed the capture.
    const reversedFacts: MoneyFacts = {
      authorizations: [{ id: 9, amountCents: 25000, status: 'captured', purpose: 'protection_hold', isCaptureDue: true }],
      entries: [
        { memberId: 'ben', kind: 'protection_hold_credit', amountCents: 25000, authorizationId: 9 },
        { memberId: 'ben', kind: 'payout', amountCents: -21000, authorizationId: null },
        { memberId: 'ben', kind: 'protection_hold_reversal', amountCents: -4000, authorizationId: 9 },
        { memberId: 'ann', kind: 'protection_hold_refund', amountCents: 25000, authorizationId: 9 },
      ],
      fees: [],
      reversals: [{ authorizationId: 9, amountCents: 25000, takenBackCents: 4000, platformCents: 21000 }],
    };

    it('finds nothing wrong when the hold went back whole and what was taken back plus what the platform paid is the hold', () => {
      expect(checkMoneyInvariants(reversedFacts)).toEqual([]);
    });

    it('reports a reversal that gave back twice, took back more than it says, or has no reversal behind it', () => {
      const twice = {
        ...reversedFacts,
        entries: [...reversedFacts.entries, { memberId: 'ann', kind: 'protection_hold_refund' as const, amountCents: 25000, authorizationId: 9 }],
      };
      expect(checkMoneyInvariants(twice)).toContainEqual(expect.objectContaining({ kind: 'reversal-unbalanced', authorizationId: 9 }));
      const platformInvented = {
        ...reversedFacts,
        reversals: [{ authorizationId: 9, amountCents: 25000, takenBackCents: 4000, platformCents: 25000 }],
      };
      expect(checkMoneyInvariants(platformInvented)).toContainEqual(expect.objectContaining({ kind: 'reversal-unbalanced', authorizationId: 9 }));
      const noAppeal = { ...reversedFacts, reversals: [] };
      expect(checkMoneyInvariants(noAppeal)).toContainEqual(expect.objectContaining({ kind: 'reversal-unbalanced', authorizationId: 9 }));
    });
  });
});
