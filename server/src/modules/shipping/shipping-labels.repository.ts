import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ParcelRoute } from '../../db/schema/parcels';
import type { Db } from '../../db/client';
import { carrierEvents, shippingLabels } from '../../db/schema/index';

export type ShippingLabelRow = typeof shippingLabels.$inferSelect;
export type NewShippingLabel = typeof shippingLabels.$inferInsert;
export type CarrierEventRow = typeof carrierEvents.$inferSelect;

/** The leg's live label (a purchase pending or bought), if any. */
export async function findLiveLabel(db: Db, route: ParcelRoute, legKey: string): Promise<ShippingLabelRow | null> {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.route, route), eq(shippingLabels.legKey, legKey), ne(shippingLabels.purchase, 'failed')))
    .limit(1);
  return row ?? null;
}

/** The live labels of several legs of one route (a trade's two sides). */
export async function findLiveLabels(db: Db, route: ParcelRoute, legKeys: string[]): Promise<ShippingLabelRow[]> {
  if (legKeys.length === 0) return [];
  return db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.route, route), inArray(shippingLabels.legKey, legKeys), ne(shippingLabels.purchase, 'failed')));
}

/** How many purchases on the leg the provider refused: names the next attempt's idempotency key. */
export async function countFailedLabels(db: Db, route: ParcelRoute, legKey: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.route, route), eq(shippingLabels.legKey, legKey), eq(shippingLabels.purchase, 'failed')));
  return row?.n ?? 0;
}

/** Records the intent; null when another live row on the leg (or the key) got there first. */
export async function insertLabelIntent(tx: Db, values: NewShippingLabel): Promise<ShippingLabelRow | null> {
  const [row] = await tx.insert(shippingLabels).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Applies the provider's answer to a pending intent; null when it was applied already. */
export async function completeLabel(tx: Db, id: number, changes: Partial<NewShippingLabel>): Promise<ShippingLabelRow | null> {
  const [row] = await tx
    .update(shippingLabels)
    .set({ ...changes, purchase: 'bought' })
    .where(and(eq(shippingLabels.id, id), eq(shippingLabels.purchase, 'pending')))
    .returning();
  return row ?? null;
}

/** The provider refused the purchase: the leg is free for another. */
export async function failLabel(tx: Db, id: number, failureMessage: string): Promise<void> {
  await tx
    .update(shippingLabels)
    .set({ purchase: 'failed', failureMessage })
    .where(and(eq(shippingLabels.id, id), eq(shippingLabels.purchase, 'pending')));
}

export async function findLabelById(db: Db, id: number): Promise<ShippingLabelRow | null> {
  const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.id, id)).limit(1);
  return row ?? null;
}

/** The bought label (or tracked typed number) with this tracking number, if any. */
export async function findLabelByTrackingNumber(db: Db, trackingNumber: string): Promise<ShippingLabelRow | null> {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.trackingNumber, trackingNumber), eq(shippingLabels.purchase, 'bought')))
    .limit(1);
  return row ?? null;
}

/** The carrier events of these labels, oldest first. */
export async function findEventsOfLabels(db: Db, labelIds: number[]): Promise<CarrierEventRow[]> {
  if (labelIds.length === 0) return [];
  return db
    .select()
    .from(carrierEvents)
    .where(inArray(carrierEvents.labelId, labelIds))
    .orderBy(asc(carrierEvents.occurredAt), asc(carrierEvents.id));
}

/** Completes a typed number's row with its tracker; null when it was completed already. */
export async function completeTypedTracker(tx: Db, id: number, providerTrackerId: string): Promise<ShippingLabelRow | null> {
  const [row] = await tx
    .update(shippingLabels)
    .set({ providerTrackerId, purchase: 'bought' })
    .where(and(eq(shippingLabels.id, id), eq(shippingLabels.purchase, 'pending')))
    .returning();
  return row ?? null;
}
