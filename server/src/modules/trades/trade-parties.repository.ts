import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradeRatings, users } from '../../db/schema/index';

/**
 * The trades module's own queries on users (counterparties, trade counts, reputation) and on
 * trade ratings. The users module owns the rest of the users table.
 */

/** The public part of a user a trade card shows. */
export interface TradePartyRow {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  reputation: string;
  totalTrades: number;
}

export async function findParties(db: Db, ids: string[]): Promise<TradePartyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      reputation: users.reputation,
      totalTrades: users.totalTrades,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

/**
 * Row-locks the users in id order before their counters change. NO KEY UPDATE, not UPDATE:
 * it still lets other transactions insert rows that reference these users (foreign keys take
 * KEY SHARE), so a transaction holding the ledger head never waits on a user row.
 */
export async function lockUsers(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('no key update');
}

export async function incrementTotalTrades(tx: Db, ids: string[], at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ totalTrades: sql`${users.totalTrades} + 1`, updatedAt: at })
    .where(inArray(users.id, ids));
}

export async function insertRating(tx: Db, values: typeof tradeRatings.$inferInsert): Promise<void> {
  await tx.insert(tradeRatings).values(values);
}

/**
 * Sets the user's reputation to the mean of every rating they received, rounded to 2 decimals
 * (0.00 with none). Lock the user first (lockUsers): this statement must see every rating
 * committed before it, including one a concurrent transaction just added.
 */
export async function recomputeReputation(tx: Db, userId: string, at: Date): Promise<void> {
  const mean = sql`(select coalesce(round(avg(${tradeRatings.score}), 2), 0) from ${tradeRatings} where ${tradeRatings.rateeId} = ${userId})`;
  await tx.update(users).set({ reputation: sql`${mean}`, updatedAt: at }).where(eq(users.id, userId));
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
