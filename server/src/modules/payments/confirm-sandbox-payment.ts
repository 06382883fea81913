import type { CardPayment, MemberPaymentAction, PaymentConfirmation, PaymentStatus } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { sandboxProviderFor } from './payment-providers';
import { runProviderStep } from './provider-step';
import { lockPaymentByProviderId } from './payments.repository';
import { lockMember } from '../users/membership-columns';
import type { PaymentRow } from './payments.repository';
import { toConfirmation } from './payment-view';
import { decideOrThrow, eventForStatus, settlePayment, snapshotOf } from './settle-payment';

type SandboxStep = Extract<MemberPaymentAction, 'confirm' | 'approve_action' | 'refuse_action'>;

/**
 * One member step on the sandbox card form (pay, or approve / refuse the issuer's check): the
 * machine is asked first (an already-premium member is refused before any charge), then the
 * sandbox charges, and its answer is settled on our record in the same transaction. A step
 * retried after it went through answers with the payment as it is, charging nothing again.
 */
async function runSandboxStep(
  ctx: AppContext,
  input: { memberId: string; paymentIntentId: string; step: SandboxStep; card?: CardPayment },
): Promise<PaymentConfirmation> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const provider = sandboxProviderFor(txCtx);
    const payment = await lockPaymentByProviderId(tx, provider.name, input.paymentIntentId);
    if (!payment || payment.userId !== input.memberId) throw notFound('Payment');
    if (isSettledBy(input.step, payment)) return toConfirmation(payment);
    const member = await lockMember(tx, input.memberId);
    if (!member) throw notFound('Member');
    const precheck = decideOrThrow(await snapshotOf(txCtx, payment, member), input.step, 'member');
    if (!precheck.changed) return toConfirmation(payment);
    // Paying moves our record first, as it moves the sandbox's (a declined payment goes back to
    // processing): the provider's answer, a request for the bank's confirmation included, is then
    // settled from the same status on both sides. Undone with the rest if the charge fails.
    const charging = input.step === 'confirm' ? await settlePayment(txCtx, payment, { event: 'confirm', source: 'member' }) : payment;

    // The sandbox is this database: its step runs in this transaction (sameDatabase).
    const result = await runProviderStep({
      name: 'sandbox card form step',
      sameDatabase: true,
      intent: async () => provider,
      call: (sandbox) => {
        if (input.step === 'approve_action') return sandbox.approveAction(input.paymentIntentId);
        if (input.step === 'refuse_action') return sandbox.refuseAction(input.paymentIntentId);
        if (!input.card) throw new Error('A sandbox payment is confirmed with a card');
        return sandbox.confirmCard(input.card);
      },
      apply: async (_sandbox, answer) => answer,
    });
    const event = eventForStatus(result.status);
    let settled: PaymentRow = charging;
    if (event) {
      // The sandbox is this database, so a refund its answer calls for is made in this transaction.
      settled = await settlePayment(txCtx, charging, {
        inlineProvider: provider,
        event,
        source: 'provider',
        failureMessage: result.failureMessage,
        card: { cardBrand: result.cardBrand, cardLast4: result.cardLast4 },
      });
    }
    return toConfirmation(settled);
  });
}

/** The step already happened and settled: a retry (double submit, lost answer) just reads it. */
function isSettledBy(step: SandboxStep, payment: PaymentRow): boolean {
  const status = payment.status as PaymentStatus;
  if (status === 'succeeded' || status === 'refunded') return true;
  return step === 'refuse_action' && status === 'failed';
}

export function confirmSandboxPayment(ctx: AppContext, input: { memberId: string; card: CardPayment }) {
  const { card } = input;
  return runSandboxStep(ctx, { memberId: input.memberId, paymentIntentId: card.paymentIntentId, step: 'confirm', card });
}

export function approveSandboxAction(ctx: AppContext, input: { memberId: string; paymentIntentId: string }) {
  return runSandboxStep(ctx, { ...input, step: 'approve_action' });
}

export function refuseSandboxAction(ctx: AppContext, input: { memberId: string; paymentIntentId: string }) {
  return runSandboxStep(ctx, { ...input, step: 'refuse_action' });
}
