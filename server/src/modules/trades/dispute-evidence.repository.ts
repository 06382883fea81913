import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { disputePhotoMoves, tradeDisputeEvidence } from '../../db/schema/index';

/** The evidence the parties of a disputed trade add (docs/rules/trades.md#dispute-evidence). */

export type DisputeEvidenceRow = typeof tradeDisputeEvidence.$inferSelect;

export async function insertDisputeEvidence(tx: Db, values: typeof tradeDisputeEvidence.$inferInsert): Promise<DisputeEvidenceRow> {
  const [row] = await tx.insert(tradeDisputeEvidence).values(values).returning();
  return row!;
}

/** How many pieces and photos the member already added to the trade's dispute (one read, through the trade index). */
export async function countDisputeEvidenceOf(db: Db, tradeId: number, userId: string): Promise<{ items: number; photos: number }> {
  const [row] = await db
    .select({
      items: sql<number>`count(*)::int`.mapWith(Number),
      photos: sql<number>`coalesce(sum(cardinality(${tradeDisputeEvidence.photoNames})), 0)::int`.mapWith(Number),
    })
    .from(tradeDisputeEvidence)
    .where(and(eq(tradeDisputeEvidence.tradeId, tradeId), eq(tradeDisputeEvidence.userId, userId)));
  return { items: row?.items ?? 0, photos: row?.photos ?? 0 };
}

/** The trade's evidence, oldest first, after id `afterId`; one row more than `limit`. */
export async function listDisputeEvidence(db: Db, tradeId: number, afterId: number, limit: number): Promise<DisputeEvidenceRow[]> {
  return db
    .select()
    .from(tradeDisputeEvidence)
    .where(and(eq(tradeDisputeEvidence.tradeId, tradeId), gt(tradeDisputeEvidence.id, afterId)))
    .orderBy(asc(tradeDisputeEvidence.id))
    .limit(limit + 1);
}

/** True when the photo (`<hash>.webp`) is part of the trade's dispute evidence (one read, through the trade index). */
export async function isPhotoOfDisputeEvidence(db: Db, tradeId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeDisputeEvidence.id })
    .from(tradeDisputeEvidence)
    .where(and(eq(tradeDisputeEvidence.tradeId, tradeId), sql`${name} = any(${tradeDisputeEvidence.photoNames})`))
    .limit(1);
  return Boolean(row);
}

/** Dispute photos still under the public `/uploads/` (migration 0063), a batch at a time. */
export async function listDisputePhotoMoves(db: Db, limit: number): Promise<Array<typeof disputePhotoMoves.$inferSelect>> {
  return db.select().from(disputePhotoMoves).orderBy(asc(disputePhotoMoves.url)).limit(limit);
}

export async function deleteDisputePhotoMove(db: Db, url: string): Promise<void> {
  await db.delete(disputePhotoMoves).where(eq(disputePhotoMoves.url, url));
}
