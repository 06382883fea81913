import { and, asc, desc, eq, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { FINAL_CARRIER_STATUSES } from '@soleswap/contracts/shipping';
import type { Db } from '../../db/client';
import { carrierEvents, shippingLabels } from '../../db/schema/index';

export type LabelRow = typeof shippingLabels.$inferSelect;
export type CarrierEventRow = typeof carrierEvents.$inferSelect;
type LabelChanges = Partial<Pick<LabelRow, 'status' | 'firstScanAt' | 'deliveredAt' | 'carrierPostalCode' | 'checkedAt'>>;

/** The label, row-locked until the transaction ends: every carrier event on it takes turns here. */
export async function lockLabel(tx: Db, id: number): Promise<LabelRow | null> {
  const [row] = await tx.select().from(shippingLabels).where(eq(shippingLabels.id, id)).for('update');
  return row ?? null;
}

/** Records the event once: null when its provider event id was recorded before (a replay). */
export async function insertCarrierEvent(tx: Db, values: typeof carrierEvents.$inferInsert): Promise<CarrierEventRow | null> {
  const [row] = await tx.insert(carrierEvents).values(values).onConflictDoNothing({ target: carrierEvents.providerEventId }).returning();
  return row ?? null;
}

/** The label's latest event as the carrier dates them (a late event told about an earlier scan is not the latest). */
export async function latestCarrierEvent(tx: Db, labelId: number): Promise<CarrierEventRow | null> {
  const [row] = await tx
    .select()
    .from(carrierEvents)
    .where(eq(carrierEvents.labelId, labelId))
    .orderBy(desc(carrierEvents.occurredAt), desc(carrierEvents.id))
    .limit(1);
  return row ?? null;
}

/** Which of these provider event ids are recorded already. */
export async function findAppliedEventIds(db: Db, labelId: number): Promise<Set<string>> {
  const rows = await db.select({ id: carrierEvents.providerEventId }).from(carrierEvents).where(eq(carrierEvents.labelId, labelId));
  return new Set(rows.map((r) => r.id));
}

export async function updateLabel(tx: Db, id: number, changes: LabelChanges): Promise<void> {
  await tx.update(shippingLabels).set(changes).where(eq(shippingLabels.id, id));
}

/**
 * Bought labels with a tracker whose carrier has not said its last word (not delivered, returned
 * or failed), not asked about since `checkedBefore` (or never), the longest unasked first.
 */
export async function findLabelsToPoll(db: Db, checkedBefore: Date, limit: number): Promise<LabelRow[]> {
  return db
    .select()
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.purchase, 'bought'),
        isNotNull(shippingLabels.trackingNumber),
        notInArray(shippingLabels.status, [...FINAL_CARRIER_STATUSES]),
        or(isNull(shippingLabels.checkedAt), lt(shippingLabels.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${shippingLabels.checkedAt} asc nulls first`, asc(shippingLabels.id))
    .limit(limit);
}

/** The label a provider's tracker (or, failing that, tracking number) belongs to; null for none of ours. */
export async function findLabelOfTracker(
  db: Db,
  { trackerId, trackingNumber }: { trackerId?: string | null; trackingNumber?: string | null },
): Promise<LabelRow | null> {
  if (trackerId) {
    const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.providerTrackerId, trackerId)).limit(1);
    if (row) return row;
  }
  if (trackingNumber) {
    const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.trackingNumber, trackingNumber)).limit(1);
    if (row) return row;
  }
  return null;
}
