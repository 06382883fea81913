import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers, tradeRatings, users } from '../../db/schema/index';
import { memberSummaryColumns } from './member-summary';

export interface HistoryRow {
  id: number;
  /** The completion time as PostgreSQL text (microseconds kept, for the cursor). */
  key: string;
  completedAt: Date;
  proposerId: string;
  receiverId: string;
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
}

/**
 * A member's completed trades, most recently completed first, after the (key, id) position; one
 * row more than `limit`. Each side is read through its (party, created_at) index; a member's
 * completed trades are few enough to order in memory.
 */
export async function findCompletedTradesPage(
  db: Db,
  { userId, after, limit }: { userId: string; after?: { key: string; id: number }; limit: number },
): Promise<HistoryRow[]> {
  const done = sql`coalesce(t.completed_at, t.updated_at)`;
  const result = await db.execute(sql`
    select t.id, ${done}::text as key, ${done} as completed_at, t.proposer_id, t.receiver_id,
           t.proposer_sneaker_ids, t.receiver_sneaker_ids
    from trades t
    where t.status = 'completed' and (t.proposer_id = ${userId}::uuid or t.receiver_id = ${userId}::uuid)
      ${after ? sql`and (${done}, t.id) < (${after.key}::timestamptz, ${after.id}::int)` : sql``}
    order by ${done} desc, t.id desc
    limit ${limit + 1}`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    id: Number(r.id),
    key: String(r.key),
    completedAt: new Date(r.completed_at as string | Date),
    proposerId: String(r.proposer_id),
    receiverId: String(r.receiver_id),
    proposerSneakerIds: toIntArray(r.proposer_sneaker_ids),
    receiverSneakerIds: toIntArray(r.receiver_sneaker_ids),
  }));
}

/** int[] as the drivers return it from a raw query: an array, or PostgreSQL's "{1,2}" text. */
function toIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '').replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
}

export async function findMemberSummaries(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(memberSummaryColumns).from(users).where(inArray(users.id, ids));
}

export async function findHistorySneakers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sneakers.id, name: sneakers.name, brand: sneakers.brand, size: sneakers.size, imageUrl: sneakers.imageUrl, thumbnailUrl: sneakers.thumbnailUrl })
    .from(sneakers)
    .where(inArray(sneakers.id, ids));
}

export async function findRatingScores(db: Db, tradeIds: number[]) {
  if (tradeIds.length === 0) return [];
  return db
    .select({ tradeId: tradeRatings.tradeId, raterId: tradeRatings.raterId, score: tradeRatings.score })
    .from(tradeRatings)
    .where(inArray(tradeRatings.tradeId, tradeIds));
}
