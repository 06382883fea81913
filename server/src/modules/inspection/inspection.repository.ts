import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { InspectionStatus } from '@soleswap/contracts/inspection';
import type { Db } from '../../db/client';
import { inspections } from '../../db/schema/index';

export type InspectionRow = typeof inspections.$inferSelect;
export type InspectionInsert = typeof inspections.$inferInsert;
/** Columns a transition may set (never the trade, side or parties). */
export type InspectionChanges = Partial<Omit<InspectionInsert, 'id' | 'tradeId' | 'side' | 'ownerId' | 'recipientId' | 'sneakerIds'>>;

export async function insertInspections(tx: Db, rows: InspectionInsert[]): Promise<InspectionRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(inspections).values(rows).onConflictDoNothing().returning();
}

export async function findInspectionById(db: Db, id: number): Promise<InspectionRow | null> {
  const [row] = await db.select().from(inspections).where(eq(inspections.id, id));
  return row ?? null;
}

/** These pairs, by id. */
export async function findInspectionsByIds(db: Db, ids: number[]): Promise<InspectionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(inspections).where(inArray(inspections.id, ids));
}

/** Both pairs of a trade, row-locked in id order until the transaction ends: every pair transition starts here. */
export async function lockInspectionsOfTrade(tx: Db, tradeId: number): Promise<InspectionRow[]> {
  return tx.select().from(inspections).where(eq(inspections.tradeId, tradeId)).orderBy(asc(inspections.id)).for('update');
}

export async function findInspectionsOfTrade(db: Db, tradeId: number): Promise<InspectionRow[]> {
  return db.select().from(inspections).where(eq(inspections.tradeId, tradeId)).orderBy(asc(inspections.id));
}

/** The other pairs of these trades (a queue page's siblings), in one statement. */
export async function findInspectionsOfTrades(db: Db, tradeIds: number[]): Promise<InspectionRow[]> {
  if (tradeIds.length === 0) return [];
  return db.select().from(inspections).where(inArray(inspections.tradeId, tradeIds));
}

/** One page of the queue: pairs in `status`, oldest first, through inspections_queue_idx (status, id). */
export async function listQueue(
  db: Db,
  { status, afterId, limit }: { status: InspectionStatus; afterId: number; limit: number },
): Promise<InspectionRow[]> {
  return db
    .select()
    .from(inspections)
    .where(and(eq(inspections.status, status), gt(inspections.id, afterId)))
    .orderBy(asc(inspections.id))
    .limit(limit);
}

/** Saves a transition only if the pair is still in the status it was read in; null when it was not. */
export async function updateInspectionFrom(tx: Db, id: number, from: InspectionStatus, changes: InspectionChanges): Promise<InspectionRow | null> {
  const [row] = await tx
    .update(inspections)
    .set(changes)
    .where(and(eq(inspections.id, id), eq(inspections.status, from)))
    .returning();
  return row ?? null;
}

/** Pairs past their deadline (arrival, or the member's answer), in id order, through inspections_deadline_idx. */
export async function listInspectionsPastDeadline(db: Db, now: Date, afterId: number, limit: number) {
  return db
    .select({ id: inspections.id, status: inspections.status })
    .from(inspections)
    .where(and(sql`${inspections.status} in ('awaiting_arrival', 'quality_issue')`, lte(inspections.deadlineAt, now), gt(inspections.id, afterId)))
    .orderBy(asc(inspections.id))
    .limit(limit);
}
