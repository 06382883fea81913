import type { PaymentConfirmation } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { callProvider, paymentProviderFor } from './payment-providers';
import { lockPaymentByProviderId } from './payments.repository';
import { toConfirmation } from './payment-view';
import { eventForStatus, settlePayment } from './settle-payment';

/**
 * Asks the provider how the member's payment stands and applies it. The page calls this once
 * Stripe's card element says it is done: what the browser says is never taken as proof, what
 * the provider answers the server is.
 */
export async function refreshPayment(ctx: AppContext, input: { memberId: string; paymentIntentId: string }): Promise<PaymentConfirmation> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const provider = paymentProviderFor(txCtx);
    const payment = await lockPaymentByProviderId(tx, provider.name, input.paymentIntentId);
    if (!payment || payment.userId !== input.memberId) throw notFound('Payment');
    const current = await callProvider(() => provider.retrieve(payment.providerPaymentId));
    const event = eventForStatus(current.status);
    if (!event) return toConfirmation(payment);
    try {
      const settled = await settlePayment(txCtx, provider, payment, {
        event,
        source: 'provider',
        failureMessage: current.failureMessage,
        card: { cardBrand: current.cardBrand, cardLast4: current.cardLast4 },
      });
      return toConfirmation(settled);
    } catch (error) {
      // The provider reports something our record has moved past (a refund we already applied).
      if (error instanceof AppError && error.code === 'PAYMENT_INVALID_TRANSITION') return toConfirmation(payment);
      throw error;
    }
  });
}
