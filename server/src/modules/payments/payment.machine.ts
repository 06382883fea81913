import { MEMBER_PAYMENT_ACTIONS } from '@soleswap/contracts/payments';
import type { MemberPaymentAction, PaymentEvent, PaymentRefusal, PaymentStatus } from '@soleswap/contracts/payments';
import type { Decision, Refusal } from '../../machines/machine';

/**
 * The life of one membership payment as one pure table, shaped like the trade machine. Services
 * call `decide` before they write and answer every payment with `allowedActions` from the same
 * table, so the page offers exactly what the server accepts. Shaped like every lifecycle
 * (machines/machine.ts): `decide` answers a decision or a refusal with its reason (never throws),
 * and settle-payment.ts runs it through the one transition runner.
 *
 * Providers do not report every step (a Stripe webhook may say "succeeded" about a payment we
 * last saw as requires_payment_method), so the provider's verdicts are accepted from every
 * open status, not only from the one a textbook flow would pass through.
 */

/**
 * Who sends the event: the signed-in member, our own call to the provider (its answer, or a
 * retrieve), or a provider webhook whose signature the server has checked.
 */
export type PaymentSource = 'member' | 'provider' | 'webhook';

/** Just what the rules read. */
export interface PaymentSnapshot {
  status: PaymentStatus;
  /**
   * The member is premium for the current period through another payment. Confirming is then
   * refused, and a charge that succeeds anyway (a second browser tab confirming straight with
   * Stripe) is refunded instead of buying a second period.
   */
  isPremiumFromAnotherPayment?: boolean;
  /** The money-back guarantee still covers this payment (membership.rules refundEligibility). */
  isRefundEligible?: boolean;
  /**
   * A later payment of the member was charged or is being charged (another tab, an old page):
   * a member step on this one is stale, and is refused before any charge.
   */
  isSuperseded?: boolean;
}

/** Side work the service must do in the same transaction as the status change. */
export type PaymentEffect =
  /** Start the premium period from the payment's paidAt. */
  | 'activatePremium'
  /** End premium at once (a refund). */
  | 'endPremium'
  /** Ask the provider to give the money back (we initiated the refund). */
  | 'refundCharge'
  /** Ask the provider to cancel the open payment (the member walked away). */
  | 'cancelIntent'
  /** Store the provider's decline message for the member. */
  | 'recordFailure';

export interface PaymentDecisionOk extends Decision<PaymentStatus, PaymentEffect> {
  /** False for a replayed event the payment already reflects: write nothing, do nothing. */
  changed: boolean;
}

/** A refusal, with the message the member reads (it names the payment's status). */
export interface PaymentMachineRefusal extends Refusal<PaymentRefusal> {
  message: string;
}

export type PaymentDecision = PaymentDecisionOk | PaymentMachineRefusal;

const PROVIDER: readonly PaymentSource[] = ['provider', 'webhook'];
const MEMBER: readonly PaymentSource[] = ['member'];

/** Statuses a provider may still settle. */
const OPEN: readonly PaymentStatus[] = ['requires_payment_method', 'processing', 'requires_action', 'failed'];

interface Rule {
  from: readonly PaymentStatus[];
  sources: readonly PaymentSource[];
  /** Statuses on which this event is a replay: accepted as a no-op. */
  replayOn: readonly PaymentStatus[];
  /** A refusal the snapshot imposes even though the status allows the event. */
  refuse?: (s: PaymentSnapshot, source: PaymentSource) => { reason: PaymentRefusal; message: string } | null;
  apply: (s: PaymentSnapshot, source: PaymentSource) => { status: PaymentStatus; effects: PaymentEffect[] };
}

/** A member's pay or approve step that must not charge: premium already bought, or a later payment under way. */
function staleStep(s: PaymentSnapshot): { reason: PaymentRefusal; message: string } | null {
  if (s.isPremiumFromAnotherPayment) return { reason: 'ALREADY_PREMIUM', message: 'You are already a premium member for this period' };
  if (s.isSuperseded) {
    return {
      reason: 'PAYMENT_INVALID_TRANSITION',
      message: 'A newer payment replaced this one, so nothing was charged. Reload the page to see where your membership stands.',
    };
  }
  return null;
}

const RULES: Record<PaymentEvent, Rule> = {
  // The member submits a card; a declined attempt may be retried with another card.
  confirm: {
    from: ['requires_payment_method', 'failed'],
    sources: MEMBER,
    // A double-click while the first submission is in flight must not charge twice.
    replayOn: ['processing'],
    refuse: staleStep,
    apply: () => ({ status: 'processing', effects: [] }),
  },
  require_action: {
    from: ['requires_payment_method', 'processing'],
    sources: PROVIDER,
    replayOn: ['requires_action'],
    apply: () => ({ status: 'requires_action', effects: [] }),
  },
  // The member passed the issuer's check; the provider then settles the charge.
  approve_action: {
    from: ['requires_action'],
    sources: MEMBER,
    replayOn: ['processing'],
    // A bank step approved in a tab left open after paying in another would charge and then refund.
    refuse: staleStep,
    apply: () => ({ status: 'processing', effects: [] }),
  },
  refuse_action: {
    from: ['requires_action'],
    sources: MEMBER,
    replayOn: ['failed'],
    apply: () => ({ status: 'failed', effects: ['recordFailure'] }),
  },
  succeed: {
    from: OPEN,
    sources: PROVIDER,
    // A late or repeated "succeeded" never activates a second time, nor undoes a refund.
    replayOn: ['succeeded', 'refunded'],
    apply: (s) =>
      s.isPremiumFromAnotherPayment ? { status: 'refunded', effects: ['refundCharge'] } : { status: 'succeeded', effects: ['activatePremium'] },
  },
  decline: {
    from: ['requires_payment_method', 'processing', 'requires_action'],
    sources: PROVIDER,
    replayOn: ['failed'],
    apply: () => ({ status: 'failed', effects: ['recordFailure'] }),
  },
  // A charge the provider is settling cannot be called back; everything else open can.
  cancel: {
    from: ['requires_payment_method', 'requires_action', 'failed'],
    sources: ['member', 'provider', 'webhook'],
    replayOn: ['canceled'],
    apply: (_s, source) => ({ status: 'canceled', effects: source === 'member' ? ['cancelIntent'] : [] }),
  },
  // Asked by the member (we then refund at the provider), or reported by the provider after a
  // refund made in its dashboard (the money is already back: only premium ends).
  refund: {
    from: ['succeeded'],
    sources: ['member', 'provider', 'webhook'],
    replayOn: ['refunded'],
    refuse: (s, source) =>
      source === 'member' && !s.isRefundEligible
        ? {
            reason: 'REFUND_NOT_ELIGIBLE',
            message: 'Only your first payment can be refunded, within 30 days of paying',
          }
        : null,
    apply: (_s, source) => ({
      status: 'refunded',
      effects: source === 'member' ? ['refundCharge', 'endPremium'] : ['endPremium'],
    }),
  },
};

/** Words for the refusal message the member may read. */
const VERBS: Record<PaymentEvent, string> = {
  confirm: 'pay',
  require_action: 'ask to confirm',
  approve_action: 'approve',
  refuse_action: 'refuse',
  succeed: 'complete',
  decline: 'decline',
  cancel: 'cancel',
  refund: 'refund',
};
const STATES: Record<PaymentStatus, string> = {
  requires_payment_method: 'waiting for a card',
  processing: 'being processed',
  requires_action: 'waiting for your confirmation',
  succeeded: 'paid',
  failed: 'declined',
  canceled: 'cancelled',
  refunded: 'refunded',
};

const refusal = (reason: PaymentRefusal, message: string): PaymentDecision => ({ ok: false, reason, message });

/** What `event` from `source` does to a payment in state `snapshot`; never throws. */
export function decide(snapshot: PaymentSnapshot, event: PaymentEvent, source: PaymentSource): PaymentDecision {
  const rule = RULES[event];
  if (!rule.sources.includes(source)) {
    return refusal('PAYMENT_EVENT_NOT_ALLOWED', `A ${source} cannot send "${event}" for a payment`);
  }
  if (rule.replayOn.includes(snapshot.status)) {
    return { ok: true, status: snapshot.status, effects: [], changed: false };
  }
  if (!rule.from.includes(snapshot.status)) {
    return refusal('PAYMENT_INVALID_TRANSITION', `This payment is ${STATES[snapshot.status]}, so you cannot ${VERBS[event]} it now`);
  }
  const refused = rule.refuse?.(snapshot, source);
  if (refused) return refusal(refused.reason, refused.message);
  return { ok: true, ...rule.apply(snapshot, source), changed: true };
}

/**
 * What the member may do now, in MEMBER_PAYMENT_ACTIONS order: the actions `decide` accepts
 * and that would change something (a replay is never offered as a button).
 */
export function allowedActions(snapshot: PaymentSnapshot): MemberPaymentAction[] {
  return MEMBER_PAYMENT_ACTIONS.filter((action) => {
    const decision = decide(snapshot, action, 'member');
    return decision.ok && decision.changed;
  });
}
