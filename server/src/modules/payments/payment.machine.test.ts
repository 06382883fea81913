import { describe, expect, it } from 'vitest';
import { PAYMENT_EVENTS, PAYMENT_STATUSES } from '@soleswap/contracts/payments';
import type { PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';
import { allowedActions, decide } from './payment.machine';
import type { PaymentEffect, PaymentSource } from './payment.machine';

const SOURCES: PaymentSource[] = ['member', 'provider', 'webhook'];

type Outcome = [PaymentStatus, PaymentEffect[]] | 'noop';

/**
 * Written out by hand, not derived from the machine: for a plain snapshot (not premium through
 * another payment, refund eligible) every (status, event, source) that is accepted and what it
 * does. 'noop' is a replay. Everything not listed is refused.
 */
const P = ['provider', 'webhook'] as const;
const ALLOWED: Array<[PaymentStatus, PaymentEvent, readonly PaymentSource[], Outcome]> = [
  ['requires_payment_method', 'confirm', ['member'], ['processing', []]],
  ['requires_payment_method', 'require_action', P, ['requires_action', []]],
  ['requires_payment_method', 'succeed', P, ['succeeded', ['activatePremium']]],
  ['requires_payment_method', 'decline', P, ['failed', ['recordFailure']]],
  ['requires_payment_method', 'cancel', ['member'], ['canceled', ['cancelIntent']]],
  ['requires_payment_method', 'cancel', P, ['canceled', []]],

  ['processing', 'confirm', ['member'], 'noop'],
  ['processing', 'approve_action', ['member'], 'noop'],
  ['processing', 'require_action', P, ['requires_action', []]],
  ['processing', 'succeed', P, ['succeeded', ['activatePremium']]],
  ['processing', 'decline', P, ['failed', ['recordFailure']]],

  ['requires_action', 'approve_action', ['member'], ['processing', []]],
  ['requires_action', 'refuse_action', ['member'], ['failed', ['recordFailure']]],
  ['requires_action', 'require_action', P, 'noop'],
  ['requires_action', 'succeed', P, ['succeeded', ['activatePremium']]],
  ['requires_action', 'decline', P, ['failed', ['recordFailure']]],
  ['requires_action', 'cancel', ['member'], ['canceled', ['cancelIntent']]],
  ['requires_action', 'cancel', P, ['canceled', []]],

  ['succeeded', 'succeed', P, 'noop'],
  ['succeeded', 'refund', ['member'], ['refunded', ['refundCharge', 'endPremium']]],
  ['succeeded', 'refund', P, ['refunded', ['endPremium']]],

  ['failed', 'confirm', ['member'], ['processing', []]],
  ['failed', 'refuse_action', ['member'], 'noop'],
  ['failed', 'decline', P, 'noop'],
  ['failed', 'succeed', P, ['succeeded', ['activatePremium']]],
  ['failed', 'cancel', ['member'], ['canceled', ['cancelIntent']]],
  ['failed', 'cancel', P, ['canceled', []]],

  ['canceled', 'cancel', ['member', ...P], 'noop'],

  ['refunded', 'succeed', P, 'noop'],
  ['refunded', 'refund', ['member', ...P], 'noop'],
];

const key = (status: PaymentStatus, event: PaymentEvent, source: PaymentSource) => `${status}/${event}/${source}`;
const EXPECTED = new Map(ALLOWED.flatMap(([status, event, sources, outcome]) => sources.map((source) => [key(status, event, source), outcome])));

const plain = (status: PaymentStatus) => ({ status, isRefundEligible: true, isPremiumFromAnotherPayment: false });

describe('decide over every status × event × source', () => {
  const cases = PAYMENT_STATUSES.flatMap((status) => PAYMENT_EVENTS.flatMap((event) => SOURCES.map((source) => ({ status, event, source }))));

  it.each(cases)('$status + $event from $source', ({ status, event, source }) => {
    const expected = EXPECTED.get(key(status, event, source));
    const decision = decide(plain(status), event, source);
    if (expected === undefined) {
      expect(decision.ok).toBe(false);
      if (!decision.ok) {
        // A member can never claim what only the provider knows, and vice versa.
        const memberOnly = ['confirm', 'approve_action', 'refuse_action'].includes(event);
        const providerOnly = ['require_action', 'succeed', 'decline'].includes(event);
        const wrongSender = (memberOnly && source !== 'member') || (providerOnly && source === 'member');
        expect(decision.reason).toBe(wrongSender ? 'PAYMENT_EVENT_NOT_ALLOWED' : 'PAYMENT_INVALID_TRANSITION');
        expect(decision.message).not.toBe('');
      }
    } else if (expected === 'noop') {
      expect(decision).toEqual({ ok: true, status, effects: [], changed: false });
    } else {
      expect(decision).toEqual({ ok: true, status: expected[0], effects: expected[1], changed: true });
    }
  });

  it('lists every allowed combination exactly once', () => {
    expect(EXPECTED.size).toBe(ALLOWED.reduce((n, [, , sources]) => n + sources.length, 0));
  });
});

describe('idempotent re-application', () => {
  it('activates premium once however often "succeeded" arrives', () => {
    let status: PaymentStatus = 'processing';
    const activations: PaymentEffect[] = [];
    for (const source of ['provider', 'webhook', 'webhook', 'provider'] as const) {
      const decision = decide({ status }, 'succeed', source);
      if (!decision.ok) throw new Error(decision.message);
      activations.push(...decision.effects);
      status = decision.status;
    }
    expect(status).toBe('succeeded');
    expect(activations).toEqual(['activatePremium']);
  });

  it('never re-activates a refunded payment when a late "succeeded" webhook arrives', () => {
    expect(decide({ status: 'refunded' }, 'succeed', 'webhook')).toEqual({
      ok: true,
      status: 'refunded',
      effects: [],
      changed: false,
    });
  });

  it('refunds once: a second refund request changes nothing', () => {
    const first = decide({ status: 'succeeded', isRefundEligible: true }, 'refund', 'member');
    expect(first).toMatchObject({ ok: true, status: 'refunded', changed: true });
    expect(decide({ status: 'refunded' }, 'refund', 'member')).toMatchObject({ ok: true, effects: [], changed: false });
  });
});

describe('refusal messages', () => {
  it('tells the member in plain words why the action is not possible', () => {
    expect(decide({ status: 'succeeded' }, 'confirm', 'member')).toEqual({
      ok: false,
      reason: 'PAYMENT_INVALID_TRANSITION',
      message: 'This payment is paid, so you cannot pay it now',
    });
    expect(decide({ status: 'processing' }, 'cancel', 'member')).toMatchObject({
      message: 'This payment is being processed, so you cannot cancel it now',
    });
  });
});

describe('rules that read the snapshot', () => {
  it('refuses to take a card from a member already premium through another payment', () => {
    for (const status of ['requires_payment_method', 'failed'] as const) {
      expect(decide({ status, isPremiumFromAnotherPayment: true }, 'confirm', 'member')).toMatchObject({
        ok: false,
        reason: 'ALREADY_PREMIUM',
      });
    }
  });

  it('refunds a charge that succeeds anyway for an already-premium member, without a second period', () => {
    expect(decide({ status: 'processing', isPremiumFromAnotherPayment: true }, 'succeed', 'webhook')).toEqual({
      ok: true,
      status: 'refunded',
      effects: ['refundCharge'],
      changed: true,
    });
  });

  it('refuses a member refund outside the money-back guarantee, but accepts a provider-reported one', () => {
    expect(decide({ status: 'succeeded', isRefundEligible: false }, 'refund', 'member')).toMatchObject({
      ok: false,
      reason: 'REFUND_NOT_ELIGIBLE',
    });
    expect(decide({ status: 'succeeded', isRefundEligible: false }, 'refund', 'webhook')).toMatchObject({
      ok: true,
      status: 'refunded',
      effects: ['endPremium'],
    });
  });
});

describe('allowedActions for the member', () => {
  it.each<[PaymentStatus, boolean, string[]]>([
    ['requires_payment_method', true, ['confirm', 'cancel']],
    ['processing', true, []],
    ['requires_action', true, ['approve_action', 'refuse_action', 'cancel']],
    ['succeeded', true, ['refund']],
    ['succeeded', false, []],
    ['failed', true, ['confirm', 'cancel']],
    ['canceled', true, []],
    ['refunded', true, []],
  ])('%s (refund eligible: %s) offers %j', (status, isRefundEligible, actions) => {
    expect(allowedActions({ status, isRefundEligible })).toEqual(actions);
  });

  it('offers no confirm to a member already premium', () => {
    expect(allowedActions({ status: 'requires_payment_method', isPremiumFromAnotherPayment: true })).toEqual(['cancel']);
  });
});
