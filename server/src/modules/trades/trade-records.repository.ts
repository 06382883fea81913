import { rowsOf } from '../../db/raw-rows';
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trades, tradeRatings } from '../../db/schema/index';

/**
 * The queries other modules run on the trades tables, through trade-records.ts: who the parties
 * of a trade are, a member's completed trades, the scores given, and subqueries for statements
 * that read every trade at once.
 */

export interface CompletedTradeRow {
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
): Promise<CompletedTradeRow[]> {
  const done = sql`coalesce(t.completed_at, t.updated_at)`;
  const result = await db.execute(sql`
    select t.id, ${done}::text as key, ${done} as completed_at, t.proposer_id, t.receiver_id,
           t.proposer_sneaker_ids, t.receiver_sneaker_ids
    from trades t
    where t.status = 'completed' and (t.proposer_id = ${userId}::uuid or t.receiver_id = ${userId}::uuid)
      ${after ? sql`and (${done}, t.id) < (${after.key}::timestamptz, ${after.id}::int)` : sql``}
    order by ${done} desc, t.id desc
    limit ${limit + 1}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
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

/** Every score given on these trades, with who gave it. */
export async function findRatingScores(db: Db, tradeIds: number[]) {
  if (tradeIds.length === 0) return [];
  return db
    .select({ tradeId: tradeRatings.tradeId, raterId: tradeRatings.raterId, score: tradeRatings.score })
    .from(tradeRatings)
    .where(inArray(tradeRatings.tradeId, tradeIds));
}

/** Pending proposals between the two members, in either direction. */
export async function findPendingTradeIdsBetween(db: Db, a: string, b: string): Promise<number[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'pending'),
        or(and(eq(trades.proposerId, a), eq(trades.receiverId, b)), and(eq(trades.proposerId, b), eq(trades.receiverId, a))),
      ),
    );
  return rows.map((r) => r.id);
}

/** The two parties of a trade and when it was disputed; null when there is no such trade. */
export async function findTradePartiesById(db: Db, tradeId: number) {
  const [row] = await db
    .select({ proposerId: trades.proposerId, receiverId: trades.receiverId, disputedAt: trades.disputedAt })
    .from(trades)
    .where(eq(trades.id, tradeId));
  return row ?? null;
}

/**
 * A trade's parties and when it was disputed (what canSeeTrade reads), as a subquery of
 * (id, proposer_id, receiver_id, disputed_at): one row from the primary key, none when there is no
 * such trade. For a caller's statement that reads the trade with its own rows (the trade's chat).
 */
export function tradePartiesSubquery(tradeId: number): SQL {
  return sql`(select id, proposer_id, receiver_id, disputed_at from trades where id = ${tradeId}::int)`;
}

/** The trade's row locked FOR KEY SHARE (the lock a row referencing it takes), as a subquery: (id). */
export function tradeKeyShareSubquery(tradeId: number): SQL {
  return sql`(select id from trades where id = ${tradeId}::int for key share)`;
}

/** Moves a trade's blockchainTxHash from its lock entry's old hash to the rewritten one. */
export async function updateLockHashOfTrade(db: Db, tradeId: number, oldHash: string, newHash: string): Promise<void> {
  await db
    .update(trades)
    .set({ blockchainTxHash: newHash })
    .where(and(eq(trades.id, tradeId), eq(trades.blockchainTxHash, oldHash)));
}

/**
 * The ids of every trade the member is a party to, as a subquery of (id); each side is read
 * through its party index. `userId`: the id, or an SQL expression for it (a column of the statement it goes in).
 */
export function tradeIdsOfPartySubquery(userId: string | SQLWrapper): SQL {
  return sql`(
      select id from trades where proposer_id = ${userId}::uuid
      union all
      select id from trades where receiver_id = ${userId}::uuid
    )`;
}

/**
 * Each side of an accepted trade that has not shipped and whose deadline falls within
 * (now, until], as a subquery of (trade_id, user_id, ship_by).
 */
export function unshippedSidesDueSubquery(now: Date, until: Date): SQL {
  return sql`(
      select id as trade_id, proposer_id as user_id, ship_by from trades
      where status = 'accepted' and proposer_shipped_at is null and ship_by > ${now.toISOString()}::timestamptz and ship_by <= ${until.toISOString()}::timestamptz
      union all
      select id, receiver_id, ship_by from trades
      where status = 'accepted' and receiver_shipped_at is null and ship_by > ${now.toISOString()}::timestamptz and ship_by <= ${until.toISOString()}::timestamptz
    )`;
}

/** How far ahead each deadline reminder looks (notifications/notify-ship-deadlines.ts). */
export interface DeadlineWindows {
  /** Ship-by of an accepted trade, for each side that has not shipped. */
  shipUntil: Date;
  /** Expiry of a pending proposal, for its receiver (who must answer it). */
  proposalUntil: Date;
  /** Receive window of an accepted trade, for each side that has not confirmed its pair arrived. */
  receiveUntil: Date;
}

/**
 * Every trade deadline a member should be reminded of, falling within (now, the window's end]:
 * (reminder, trade_id, user_id, due_at), reminder 'ship', 'proposal' or 'receive'. Each part reads
 * its partial index (trades_accepted_ship_by_idx, trades_pending_expires_idx, the receive_by ones).
 */
export function tradeDeadlinesDueSubquery(now: Date, windows: DeadlineWindows): SQL {
  const from = sql`${now.toISOString()}::timestamptz`;
  const until = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return sql`(
      select 'ship'::text as reminder, s.trade_id, s.user_id, s.ship_by as due_at from ${unshippedSidesDueSubquery(now, windows.shipUntil)} s
      union all
      select 'proposal', id, receiver_id, expires_at from trades
      where status = 'pending' and expires_at > ${from} and expires_at <= ${until(windows.proposalUntil)}
      union all
      select 'receive', id, proposer_id, proposer_receive_by from trades
      where status = 'accepted' and proposer_received_at is null
        and proposer_receive_by > ${from} and proposer_receive_by <= ${until(windows.receiveUntil)}
      union all
      select 'receive', id, receiver_id, receiver_receive_by from trades
      where status = 'accepted' and receiver_received_at is null
        and receiver_receive_by > ${from} and receiver_receive_by <= ${until(windows.receiveUntil)}
    )`;
}

/**
 * Each sneaker that changed hands in a trade completed since `since`, as a subquery of
 * (trade_id, completed_at, side, sneaker_id) where side is 'p' (proposer's) or 'r' (receiver's).
 */
export function completedTradeSidesSubquery(since: Date): SQL {
  return sql`(
      with done as (
        select id, completed_at, proposer_sneaker_ids, receiver_sneaker_ids
        from trades where status = 'completed' and completed_at >= ${since.toISOString()}
      )
      select d.id as trade_id, d.completed_at, 'p' as side, u.sneaker_id from done d, unnest(d.proposer_sneaker_ids) as u(sneaker_id)
      union all
      select d.id, d.completed_at, 'r', u.sneaker_id from done d, unnest(d.receiver_sneaker_ids) as u(sneaker_id)
    )`;
}
