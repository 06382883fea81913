import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { callProvider, paymentProviderFor } from './payment-providers';
import { lockPaymentByProviderId, recordWebhookEvent } from './payments.repository';
import { settlePayment } from './settle-payment';

/** applied: it changed the payment; unchanged: our record already said so; duplicate: a redelivery. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

/**
 * A provider's webhook: the signature is checked over the raw body, the delivery id recorded,
 * and the event applied once. A redelivered event, an event about a payment we never started,
 * or one our record has already moved past changes nothing (and is still acknowledged, so the
 * provider stops resending it).
 */
export async function handlePaymentWebhook(ctx: AppContext, input: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookOutcome> {
  const provider = paymentProviderFor(ctx);
  const event = await callProvider(async () => provider.parseWebhook(input.rawBody, input.signature));
  if (!event) return 'ignored';
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (!(await recordWebhookEvent(tx, provider.name, event.eventId, ctx.now()))) return 'duplicate';
    const payment = await lockPaymentByProviderId(tx, provider.name, event.paymentIntentId);
    if (!payment) return 'ignored';
    try {
      const settled = await settlePayment(txCtx, paymentProviderFor(txCtx), payment, {
        event: event.event,
        source: 'webhook',
        failureMessage: event.failureMessage,
      });
      return settled === payment ? 'unchanged' : 'applied';
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYMENT_INVALID_TRANSITION') return 'ignored';
      throw error;
    }
  });
}
