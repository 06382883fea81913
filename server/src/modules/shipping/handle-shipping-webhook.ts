import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { runProviderStep } from '../payments/provider-step';
import { applyTrackerEvents, type TrackerOutcome } from './apply-tracker';
import { findLabelOfTracker } from './carrier-events.repository';
import { rethrowShippingFailure } from './shipping-failure';
import { shippingProviderFor } from './shipping-providers';

export interface ShippingWebhookDelivery {
  /** The provider named in the URL (/api/shipping/webhooks/:provider). */
  provider: string;
  /** The exact bytes the provider signed. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What became of a verified delivery: its events applied (or applied before: a replay changes
 * nothing), or ignored because it is about no tracker, or a tracker of no label of ours. All are
 * acknowledged (200) so the provider stops sending them; only a forged one is refused.
 */
export type ShippingWebhookOutcome = ({ outcome: 'applied' } & TrackerOutcome) | { outcome: 'ignored'; reason: 'not-a-tracker' | 'unknown-tracker' };

/**
 * A shipping provider's tracker webhook (docs/rules/shipping.md#carrier-events): the provider in
 * the URL must be the one configured (else 404); its signature is checked over the raw body by the
 * provider (a forged or unsigned delivery is 400 WEBHOOK_INVALID, nothing applied); each event of
 * the tracker is then applied once by its provider event id (applyTrackerEvents).
 */
export async function handleShippingWebhook(ctx: AppContext, delivery: ShippingWebhookDelivery): Promise<ShippingWebhookOutcome> {
  if (delivery.provider !== ctx.env.SHIPPING_PROVIDER) throw new AppError('NOT_FOUND', 'No such shipping provider');
  const provider = shippingProviderFor(ctx);
  const webhook = await runProviderStep({
    name: 'read a shipping webhook',
    intent: async () => delivery,
    call: ({ rawBody, headers }) => provider.parseWebhook(rawBody, headers).catch(rethrowShippingFailure),
    apply: async (_delivery, parsed) => parsed,
  });
  if (!webhook) return { outcome: 'ignored', reason: 'not-a-tracker' };
  const { tracker } = webhook;
  const label = await findLabelOfTracker(ctx.db, { trackerId: tracker.trackerId, trackingNumber: tracker.trackingNumber });
  if (!label) return { outcome: 'ignored', reason: 'unknown-tracker' };
  return { outcome: 'applied', ...(await applyTrackerEvents(ctx, label.id, tracker)) };
}
