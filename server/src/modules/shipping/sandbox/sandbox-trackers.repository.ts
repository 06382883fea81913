import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { carrierEvents, shippingLabels } from '../../../db/schema/index';

/**
 * The sandbox keeps no parcels of its own: a sandbox tracker is the label row that holds its id,
 * and its events are the carrier events the development control recorded on it.
 */
export async function findSandboxTracker(db: Db, trackerId: string) {
  const [label] = await db.select().from(shippingLabels).where(eq(shippingLabels.providerTrackerId, trackerId)).limit(1);
  if (!label) return null;
  const events = await db
    .select()
    .from(carrierEvents)
    .where(eq(carrierEvents.labelId, label.id))
    .orderBy(asc(carrierEvents.occurredAt), asc(carrierEvents.id));
  return { label, events };
}
