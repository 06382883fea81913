import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { moneyProviderFor } from './payment-providers';
import { runProviderStep } from './provider-step';
import { lockPaymentByProviderId, recordWebhookEvent } from './payments.repository';
import type { ProviderWebhookEvent } from './money-provider';
import { ProviderCallNeeded, type Settlement } from './payment-effects';
import { settleAtProvider, settlePayment } from './settle-payment';

/** applied: it changed the payment; unchanged: our record already said so; duplicate: a redelivery. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

/**
 * A provider's webhook: the signature is checked over the raw body, the delivery id recorded,
 * and the event applied once. A redelivered event, an event about a payment we never started,
 * or one our record has already moved past changes nothing (and is still acknowledged, so the
 * provider stops resending it).
 *
 * Applied in one transaction, unless the event needs a call back to the provider (a success on a
 * member premium through another payment is refunded): that call is made outside any transaction,
 * under the payment's idempotency key (settleAtProvider), and the delivery recorded after it.
 */
export async function handlePaymentWebhook(ctx: AppContext, input: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookOutcome> {
  const provider = moneyProviderFor(ctx);
  const event = await runProviderStep({
    name: 'read a payment webhook',
    intent: async () => input,
    call: ({ rawBody, signature }) => provider.parseWebhook(rawBody, signature),
    apply: async (_input, parsed) => parsed,
  });
  if (!event) return 'ignored';
  const settlement = { event: event.event, source: 'webhook' as const, failureMessage: event.failureMessage };
  try {
    return await applyInOneTransaction(ctx, provider.name, event, settlement);
  } catch (error) {
    if (!(error instanceof ProviderCallNeeded)) throw error;
  }
  try {
    await settleAtProvider(ctx, provider, event.paymentIntentId, settlement);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'PAYMENT_INVALID_TRANSITION')) throw error;
  }
  return (await recordWebhookEvent(ctx.db, provider.name, event.eventId, ctx.now())) ? 'applied' : 'duplicate';
}

function applyInOneTransaction(ctx: AppContext, providerName: string, event: ProviderWebhookEvent, settlement: Settlement): Promise<WebhookOutcome> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (!(await recordWebhookEvent(tx, providerName, event.eventId, ctx.now()))) return 'duplicate';
    const payment = await lockPaymentByProviderId(tx, providerName, event.paymentIntentId);
    if (!payment) return 'ignored';
    try {
      const settled = await settlePayment(txCtx, payment, settlement);
      return settled === payment ? 'unchanged' : 'applied';
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYMENT_INVALID_TRANSITION') return 'ignored';
      throw error;
    }
  });
}
