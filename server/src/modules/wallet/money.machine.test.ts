import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_EVENTS, AUTHORIZATION_STATUSES, PAYOUT_EVENTS, PAYOUT_STATUSES } from '@soleswap/contracts/wallet';
import type { AuthorizationEvent, AuthorizationStatus, PayoutEvent, PayoutStatus } from '@soleswap/contracts/wallet';
import { refusalReasonOf } from '../../machines/machine';
import { allowedAuthorizationActions, decideAuthorization, decidedOrThrow, decidePayout, moneyCallKey } from './money.machine';

type Outcome<S> = S | 'noop';

/**
 * Written out by hand, not derived from the machine: for a trade that has completed, every
 * (status, event) that is accepted and where it leads; 'noop' is a replay. Everything else is refused.
 */
const AUTHORIZATION_ALLOWED: Array<[AuthorizationStatus, AuthorizationEvent, Outcome<AuthorizationStatus>]> = [
  ['requested', 'authorize_succeeded', 'authorized'],
  ['requested', 'authorize_declined', 'declined'],
  ['requested', 'release', 'released'],
  ['authorized', 'authorize_succeeded', 'noop'],
  ['authorized', 'capture', 'captured'],
  ['authorized', 'release', 'released'],
  ['authorized', 'expire', 'expired'],
  ['declined', 'authorize_declined', 'noop'],
  ['declined', 'release', 'noop'],
  ['captured', 'capture', 'noop'],
  ['released', 'release', 'noop'],
  ['expired', 'expire', 'noop'],
  ['expired', 'release', 'noop'],
];

const PAYOUT_ALLOWED: Array<[PayoutStatus, PayoutEvent, Outcome<PayoutStatus>]> = [
  ['requested', 'payout_succeeded', 'paid'],
  ['requested', 'payout_failed', 'failed'],
  ['paid', 'payout_succeeded', 'noop'],
  ['failed', 'payout_failed', 'noop'],
];

describe('the authorization machine', () => {
  for (const status of AUTHORIZATION_STATUSES) {
    for (const event of AUTHORIZATION_EVENTS) {
      const expected = AUTHORIZATION_ALLOWED.find(([s, e]) => s === status && e === event)?.[2];
      it(`${status} + ${event} → ${expected ?? 'refused'}`, () => {
        const decision = decideAuthorization({ status, isTradeCompleted: true }, event);
        if (expected === undefined) expect(decision).toMatchObject({ ok: false, reason: 'MONEY_INVALID_TRANSITION' });
        else if (expected === 'noop') expect(decision).toEqual({ ok: true, status, effects: [], changed: false });
        else expect(decision).toEqual({ ok: true, status: expected, effects: [], changed: true });
      });
    }
  }

  it('never captures cash of a trade that has not completed and was not resolved against the payer', () => {
    expect(decideAuthorization({ status: 'authorized' }, 'capture')).toMatchObject({ ok: false, reason: 'CAPTURE_NOT_DUE' });
    expect(decideAuthorization({ status: 'authorized', isResolvedAgainstPayer: true }, 'capture')).toEqual({
      ok: true,
      status: 'captured',
      effects: [],
      changed: true,
    });
  });

  it('captures a protection hold only when its payer missed the ship deadline or lost a dispute, never for a completed trade', () => {
    const hold = { status: 'authorized', purpose: 'protection_hold' } as const;
    expect(decideAuthorization({ ...hold, isTradeCompleted: true }, 'capture')).toMatchObject({ ok: false, reason: 'CAPTURE_NOT_DUE' });
    expect(allowedAuthorizationActions({ ...hold, isTradeCompleted: true })).toEqual(['release', 'expire']);
    for (const due of [{ hasPayerMissedShipDeadline: true }, { isResolvedAgainstPayer: true }]) {
      expect(decideAuthorization({ ...hold, ...due }, 'capture')).toEqual({ ok: true, status: 'captured', effects: [], changed: true });
    }
    // A missed ship deadline is about holds: the trade's cash is not captured for it.
    expect(decideAuthorization({ status: 'authorized', hasPayerMissedShipDeadline: true }, 'capture')).toMatchObject({ reason: 'CAPTURE_NOT_DUE' });
  });

  it('answers a repeated capture as a replay, so the payer is charged once', () => {
    const first = decideAuthorization({ status: 'authorized', isTradeCompleted: true }, 'capture');
    expect(first).toMatchObject({ ok: true, changed: true, status: 'captured' });
    expect(decideAuthorization({ status: 'captured', isTradeCompleted: true }, 'capture')).toMatchObject({ ok: true, changed: false });
  });

  it('never captures what was released, nor releases what was captured', () => {
    expect(decideAuthorization({ status: 'released', isTradeCompleted: true }, 'capture').ok).toBe(false);
    expect(decideAuthorization({ status: 'captured' }, 'release').ok).toBe(false);
  });

  it('offers exactly the events that would change something', () => {
    expect(allowedAuthorizationActions({ status: 'requested' })).toEqual(['authorize_succeeded', 'authorize_declined', 'release']);
    expect(allowedAuthorizationActions({ status: 'authorized' })).toEqual(['release', 'expire']);
    expect(allowedAuthorizationActions({ status: 'authorized', isTradeCompleted: true })).toEqual(['capture', 'release', 'expire']);
    expect(allowedAuthorizationActions({ status: 'captured', isTradeCompleted: true })).toEqual([]);
  });
});

describe('the payout machine', () => {
  for (const status of PAYOUT_STATUSES) {
    for (const event of PAYOUT_EVENTS) {
      const expected = PAYOUT_ALLOWED.find(([s, e]) => s === status && e === event)?.[2];
      it(`${status} + ${event} → ${expected ?? 'refused'}`, () => {
        const decision = decidePayout(status, event);
        if (expected === undefined) expect(decision).toMatchObject({ ok: false, reason: 'MONEY_INVALID_TRANSITION' });
        else if (expected === 'noop') expect(decision).toEqual({ ok: true, status, effects: [], changed: false });
        else expect(decision).toEqual({ ok: true, status: expected, effects: [], changed: true });
      });
    }
  }

  it('refuses in the common machine shape: a 409 whose cause names the reason', () => {
    const refusal = decidePayout('paid', 'payout_failed');
    expect(refusal).toMatchObject({ ok: false, reason: 'MONEY_INVALID_TRANSITION' });
    let thrown: unknown;
    try {
      decidedOrThrow(refusal);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'CONFLICT', message: 'This payout is paid: it cannot take "payout_failed"' });
    expect(refusalReasonOf(thrown)).toBe('MONEY_INVALID_TRANSITION');
  });
});

describe('moneyCallKey', () => {
  it('names the record and the step, the same on every retry', () => {
    expect(moneyCallKey('authorize', 7)).toBe('soleswap-authorize-auth-7');
    expect(moneyCallKey('capture', 7)).toBe(moneyCallKey('capture', 7));
    expect(moneyCallKey('capture', 7)).not.toBe(moneyCallKey('release', 7));
    expect(moneyCallKey('payout', 7)).toBe('soleswap-payout-payout-7');
  });

  it('refuses an id that names no record', () => {
    expect(() => moneyCallKey('capture', 0)).toThrow(RangeError);
    expect(() => moneyCallKey('capture', 1.5)).toThrow(RangeError);
  });
});
