import type { Carrier } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { ParcelRoute } from '../../db/schema/parcels';
import { enqueue } from '../../jobs/job-queue';
import { providerKey, runProviderStep, skip } from '../payments/provider-step';
import { rethrowShippingFailure } from './shipping-failure';
import { shippingProviderFor } from './shipping-providers';
import { completeTypedTracker, findLabelById, findLiveLabels, insertLabelIntent } from './shipping-labels.repository';

/** The job that makes a typed number's tracker, after the ship that recorded it commits (register-jobs.ts). */
export const TRACK_TYPED_NUMBER_JOB = 'shipping.track-typed-number';

/**
 * Whether one of these legs sent by this member travels on a label (bought or being bought): its
 * sender then ships at the carrier's first scan, and a typed number is refused (the route says so).
 */
export async function hasLabel(db: Db, { route, legKeys, senderId }: { route: ParcelRoute; legKeys: string[]; senderId: string }): Promise<boolean> {
  const rows = await findLiveLabels(db, route, legKeys);
  return rows.some((row) => row.senderId === senderId && row.source === 'label');
}

/**
 * A number the member typed for a leg (SHIPPING_MANUAL_NUMBERS, docs/rules/shipping.md#typed-numbers)
 * gets a tracker too: in the ship's own transaction a `typed` row is recorded for the leg and a job
 * queued; the job asks the provider for the tracker with no transaction open, and from then on the
 * carrier's events on it are applied like a label's (webhooks, polling). A number that another row
 * already tracks (an older leg's) is left untracked.
 */
export async function recordTypedNumber(
  ctx: AppContext,
  leg: { route: ParcelRoute; legKey: string; senderId: string; carrier: Carrier; trackingNumber: string; destinationPostalCode: string | null },
): Promise<void> {
  const row = await insertLabelIntent(ctx.db, {
    route: leg.route,
    legKey: leg.legKey,
    senderId: leg.senderId,
    source: 'typed',
    provider: shippingProviderFor(ctx).name,
    idempotencyKey: providerKey('tracker', leg.route, leg.legKey, leg.trackingNumber),
    carrier: leg.carrier,
    trackingNumber: leg.trackingNumber,
    destinationPostalCode: leg.destinationPostalCode,
    createdAt: ctx.now(),
  });
  if (row) await enqueue(ctx.db, TRACK_TYPED_NUMBER_JOB, { labelId: row.id }, { uniqueKey: `${TRACK_TYPED_NUMBER_JOB}:${row.id}` });
}

/** The job: the typed number's tracker made at the provider under the row's key, and kept on the row. */
export async function trackTypedNumber(ctx: AppContext, { labelId }: { labelId: number }): Promise<void> {
  const provider = shippingProviderFor(ctx);
  await runProviderStep({
    name: 'track a typed number',
    intent: async () => {
      const row = await findLabelById(ctx.db, labelId);
      if (!row || row.purchase !== 'pending' || !row.carrier || !row.trackingNumber) return skip(null);
      return { id: row.id, carrier: row.carrier, trackingNumber: row.trackingNumber, idempotencyKey: row.idempotencyKey };
    },
    call: (intent) => provider.createTracker(intent).catch(rethrowShippingFailure),
    apply: async (intent, tracker) => completeTypedTracker(ctx.db, intent.id, tracker.trackerId),
  });
}
