import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradeRatings } from '../../db/schema/index';

/** Trade ratings: who rated whom on which trade. */

export async function insertRating(tx: Db, values: typeof tradeRatings.$inferInsert): Promise<void> {
  await tx.insert(tradeRatings).values(values);
}

/**
 * The mean of every rating the member received, rounded to 2 decimals ("0" with none). Lock the
 * member first (lockMembers): this statement must see every rating committed before it,
 * including one a concurrent transaction just added.
 */
export async function meanRatingOf(tx: Db, userId: string): Promise<string> {
  const [row] = await tx
    .select({ mean: sql<string>`coalesce(round(avg(${tradeRatings.score}), 2), 0)::text` })
    .from(tradeRatings)
    .where(eq(tradeRatings.rateeId, userId));
  return row?.mean ?? '0';
}

export async function hasRated(db: Db, tradeId: number, raterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeRatings.id })
    .from(tradeRatings)
    .where(and(eq(tradeRatings.tradeId, tradeId), eq(tradeRatings.raterId, raterId)));
  return Boolean(row);
}

/** The rater's ratings on these trades. */
export async function findRatingsBy(db: Db, raterId: string, tradeIds: number[]) {
  if (tradeIds.length === 0) return [];
  return db
    .select({ tradeId: tradeRatings.tradeId, score: tradeRatings.score, comment: tradeRatings.comment })
    .from(tradeRatings)
    .where(and(eq(tradeRatings.raterId, raterId), inArray(tradeRatings.tradeId, tradeIds)));
}
