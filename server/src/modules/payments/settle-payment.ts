import type { PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { refusalError, type RefusalAnswers } from '../../machines/machine';
import { runTransition, type TransitionMachine } from '../../machines/run-transition';
import { decide } from './payment.machine';
import type { PaymentDecisionOk, PaymentMachineRefusal, PaymentSnapshot, PaymentSource } from './payment.machine';
import { isPremiumNow } from './membership-state';
import { refundEligibility } from './membership.rules';
import type { MoneyProvider } from './money-provider';
import {
  PAYMENT_EFFECTS,
  PROVIDER_EFFECTS,
  ProviderCallNeeded,
  callFor,
  type PaymentWork,
  type ProviderEffect,
  type Settlement,
} from './payment-effects';
import { countPaidBefore, findPaymentByProviderId, hasNewerChargedPayment, lockPaymentByProviderId, updatePayment } from './payments.repository';
import { getMember, lockMember } from '../users/membership-columns';
import type { PaymentRow } from './payments.repository';
import type { MemberRow } from '../users/membership-columns';

/** How each refusal of the payment machine reaches the caller: its code, and the machine's message. */
const PAYMENT_REFUSAL_ANSWERS: RefusalAnswers<PaymentMachineRefusal> = {
  PAYMENT_INVALID_TRANSITION: { code: 'PAYMENT_INVALID_TRANSITION', message: (r) => r.message },
  PAYMENT_EVENT_NOT_ALLOWED: { code: 'FORBIDDEN', message: (r) => r.message },
  ALREADY_PREMIUM: { code: 'ALREADY_PREMIUM', message: (r) => r.message },
  REFUND_NOT_ELIGIBLE: { code: 'REFUND_NOT_ELIGIBLE', message: (r) => r.message },
};

/** The machine event a provider's status reports, or null when it reports nothing to apply. */
export function eventForStatus(status: PaymentStatus): PaymentEvent | null {
  const events: Partial<Record<PaymentStatus, PaymentEvent>> = {
    succeeded: 'succeed',
    failed: 'decline',
    requires_action: 'require_action',
    canceled: 'cancel',
    refunded: 'refund',
  };
  return events[status] ?? null;
}

/** Whether the money-back guarantee still covers this payment. */
async function isRefundEligible(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (!payment.paidAt) return false;
  const paidBefore = await countPaidBefore(ctx.db, payment.userId, payment);
  return refundEligibility({ paidAt: payment.paidAt, isFirstPayment: paidBefore === 0, at: ctx.now() }).eligible;
}

/** Statuses on which the member may still pay or approve (a step a newer payment makes stale). */
const OPEN_TO_MEMBER: readonly PaymentStatus[] = ['requires_payment_method', 'failed', 'requires_action'];

export async function snapshotOf(ctx: AppContext, payment: PaymentRow, member: MemberRow): Promise<PaymentSnapshot> {
  return {
    status: payment.status as PaymentStatus,
    // Only a payment that has not bought a period yet can be "another payment" than the current one.
    isPremiumFromAnotherPayment: payment.paidAt === null && isPremiumNow(member, ctx.now()),
    isRefundEligible: await isRefundEligible(ctx, payment),
    // Read only for payments a member step could still charge.
    isSuperseded: OPEN_TO_MEMBER.includes(payment.status as PaymentStatus) && (await hasNewerChargedPayment(ctx.db, payment)),
  };
}

/** Runs `decide` and throws its refusal as our error; a replay comes back with changed=false. */
export function decideOrThrow(snapshot: PaymentSnapshot, event: PaymentEvent, source: PaymentSource): PaymentDecisionOk {
  const decision = decide(snapshot, event, source);
  if (!decision.ok) throw refusalError(PAYMENT_REFUSAL_ANSWERS, decision);
  return decision;
}

/**
 * Applies one event to our record of a payment and to the member's premium, in the caller's
 * transaction (the payment must be locked), through the one transition runner: the member is
 * locked, the machine decides (a refusal answers its reason's code), the effects run from
 * PAYMENT_EFFECTS and the payment is saved `WHERE status = <the status read>`. This is the only
 * place premium is switched on: after the provider itself reported the success to the server. A
 * replayed event writes nothing. It calls no provider across a network: a decision that needs a
 * refund or a cancel at the provider is applied by settleAtProvider, which makes that call first,
 * outside any transaction.
 */
export async function settlePayment(ctx: AppContext, payment: PaymentRow, settlement: Settlement): Promise<PaymentRow> {
  const outcome = await runTransition(paymentMachine(ctx, payment, settlement));
  if (!outcome.changed) return payment;
  const settled = outcome.saved;
  // The money is back at the provider whatever changed since the call was decided (the other
  // payment that made this success a double charge was refunded meanwhile): record that too.
  if ((settlement.madeAtProvider ?? []).includes('refundCharge') && settled.status === 'succeeded') {
    return settlePayment(ctx, settled, { event: 'refund', source: 'provider' });
  }
  return settled;
}

interface Loaded {
  member: MemberRow;
  snapshot: PaymentSnapshot;
}

/** The payment lifecycle as the transition runner drives it, in the caller's transaction (ctx.db). */
function paymentMachine(
  ctx: AppContext,
  payment: PaymentRow,
  settlement: Settlement,
): TransitionMachine<Loaded, PaymentDecisionOk, PaymentMachineRefusal, PaymentWork, PaymentRow> {
  return {
    async load() {
      const member = await lockMember(ctx.db, payment.userId);
      if (!member) throw new AppError('NOT_FOUND', 'Member not found');
      return { member, snapshot: await snapshotOf(ctx, payment, member) };
    },
    statusOf: () => payment.status,
    decide: ({ snapshot }) => decide(snapshot, settlement.event, settlement.source),
    refusals: PAYMENT_REFUSAL_ANSWERS,
    begin: ({ member }) => ({
      ctx,
      payment,
      member,
      settlement,
      now: ctx.now(),
      // A new attempt on a declined payment: the old decline no longer describes it.
      changes: { ...(settlement.card ?? {}), ...(settlement.event === 'confirm' ? { failureMessage: null } : {}) },
    }),
    effects: PAYMENT_EFFECTS,
    async save(work, decision, from) {
      const changes = { ...work.changes, status: decision.status };
      return (await updatePayment(ctx.db, payment.id, from as PaymentStatus, changes)) ? { ...payment, ...changes } : null;
    },
    conflictMessage: 'This payment changed meanwhile; reload and try again',
  };
}

/** How often a settlement is decided afresh when the payment moved between the decision and its transaction. */
const SETTLE_ATTEMPTS = 3;

/**
 * Applies an event without holding a transaction across a provider call: the event is decided on
 * a fresh read (a refusal is thrown before anything is called or written), the provider calls the
 * decision needs are made with the payment's idempotency keys, and the result is applied in one
 * short transaction that locks and re-reads the payment and decides again (settlePayment), so a
 * webhook or a retry that got there first makes this a replay. Null when there is no such payment.
 */
export async function settleAtProvider(
  ctx: AppContext,
  provider: MoneyProvider,
  providerPaymentId: string,
  settlement: Settlement,
): Promise<PaymentRow | null> {
  const made: ProviderEffect[] = [];
  // Once the money is back, what is left to record is the provider's refund, not the member's request.
  const toApply = (): Settlement =>
    made.includes('refundCharge') && settlement.event === 'refund'
      ? { ...settlement, source: 'provider', madeAtProvider: made }
      : { ...settlement, madeAtProvider: made };
  for (let attempt = 1; ; attempt += 1) {
    const payment = await findPaymentByProviderId(ctx.db, provider.name, providerPaymentId);
    if (!payment) return null;
    const member = await getMember(ctx.db, payment.userId);
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    const decision = decideOrThrow(await snapshotOf(ctx, payment, member), toApply().event, toApply().source);
    if (!decision.changed) return payment;
    for (const effect of decision.effects) {
      if (!PROVIDER_EFFECTS.includes(effect) || made.includes(effect as ProviderEffect)) continue;
      await callFor(provider, payment, effect as ProviderEffect);
      made.push(effect as ProviderEffect);
    }
    try {
      return await ctx.db.transaction(async (tx) => {
        const locked = await lockPaymentByProviderId(tx, provider.name, providerPaymentId);
        return settlePayment({ ...ctx, db: tx }, locked!, toApply());
      });
    } catch (error) {
      if (!(error instanceof ProviderCallNeeded)) throw error;
      if (attempt === SETTLE_ATTEMPTS) throw new AppError('CONFLICT', 'This payment changed meanwhile; reload and try again');
    }
  }
}
