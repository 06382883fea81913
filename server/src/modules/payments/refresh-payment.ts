import type { PaymentConfirmation } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { moneyProviderFor } from './payment-providers';
import { runProviderStep } from './provider-step';
import { findPaymentByProviderId } from './payments.repository';
import { toConfirmation } from './payment-view';
import { eventForStatus, settleAtProvider } from './settle-payment';

/**
 * Asks the provider how the member's payment stands and applies it. The page calls this once
 * Stripe's card element says it is done: what the browser says is never taken as proof, what
 * the provider answers the server is. The provider is asked with no transaction open; its answer
 * is applied in a short one that re-reads the payment (settleAtProvider), so a webhook that
 * applied it first makes this a replay.
 */
export async function refreshPayment(ctx: AppContext, input: { memberId: string; paymentIntentId: string }): Promise<PaymentConfirmation> {
  const provider = moneyProviderFor(ctx);
  const payment = await findPaymentByProviderId(ctx.db, provider.name, input.paymentIntentId);
  if (!payment || payment.userId !== input.memberId) throw notFound('Payment');
  const current = await runProviderStep({
    name: 'read how a payment stands',
    intent: async () => payment,
    call: ({ providerPaymentId }) => provider.retrieve(providerPaymentId),
    apply: async (_payment, answer) => answer,
  });
  const event = eventForStatus(current.status);
  if (!event) return toConfirmation(payment);
  try {
    const settled = await settleAtProvider(ctx, provider, payment.providerPaymentId, {
      event,
      source: 'provider',
      failureMessage: current.failureMessage,
      card: { cardBrand: current.cardBrand, cardLast4: current.cardLast4 },
    });
    return toConfirmation(settled ?? payment);
  } catch (error) {
    // The provider reports something our record has moved past (a refund we already applied).
    if (error instanceof AppError && error.code === 'PAYMENT_INVALID_TRANSITION') {
      return toConfirmation((await findPaymentByProviderId(ctx.db, provider.name, payment.providerPaymentId)) ?? payment);
    }
    throw error;
  }
}
