import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as trades from './trade-records.repository';

/**
 * What other modules may read and change on trades and ratings (the trades module owns them).
 * Every function takes the caller's `db` or transaction; the subqueries are for a caller's single
 * statement that reads all trades at once.
 */

/** A completed trade as a member's trade history lists it (`key`: the completion time as text, for the cursor). */
export type CompletedTradeRow = trades.CompletedTradeRow;

/**
 * A member's completed trades, most recently completed first, after the (key, id) position; one
 * row more than `limit`, so the caller knows whether there is a next page.
 */
export async function findCompletedTradesPage(
  db: Db,
  page: { userId: string; after?: { key: string; id: number }; limit: number },
): Promise<CompletedTradeRow[]> {
  return trades.findCompletedTradesPage(db, page);
}

/** Every score given on these trades, with who gave it (tradeId, raterId, score). */
export async function findRatingScores(db: Db, tradeIds: number[]) {
  return trades.findRatingScores(db, tradeIds);
}

/** The ids of the pending proposals between the two members, in either direction. */
export async function findPendingTradeIdsBetween(db: Db, a: string, b: string): Promise<number[]> {
  return trades.findPendingTradeIdsBetween(db, a, b);
}

/** The two parties of a trade and when it was disputed; null when there is no such trade. */
export async function findTradePartiesById(db: Db, tradeId: number) {
  return trades.findTradePartiesById(db, tradeId);
}

/** Moves a trade's ledger reference from its lock entry's old hash to the rewritten one (the legacy-ledger conversion). */
export async function updateLockHashOfTrade(db: Db, tradeId: number, oldHash: string, newHash: string): Promise<void> {
  await trades.updateLockHashOfTrade(db, tradeId, oldHash, newHash);
}

/**
 * Subquery, one row for the trade (none when there is no such trade), read by primary key:
 * (id, proposer_id, receiver_id, disputed_at), what canSeeTrade reads. For a statement that reads
 * the trade with its own rows (the trade's chat).
 */
export function tradePartiesSubquery(tradeId: number): SQL {
  return trades.tradePartiesSubquery(tradeId);
}

/**
 * Subquery, one row per trade the member is a party to (either side, each read through its
 * party index): (id). `userId`: the id, or an SQL expression for it (a column of the statement
 * it goes in).
 */
export function tradeIdsOfPartySubquery(userId: string | SQLWrapper): SQL {
  return trades.tradeIdsOfPartySubquery(userId);
}

/**
 * Subquery, one row per trade of that id (none when there is no such trade): (id), the row locked
 * FOR KEY SHARE until the transaction ends, the lock a row that references the trade takes. The
 * ledger takes it before the head of its chain (ledger/append-ledger-entry.ts), so a transaction
 * holding the head never waits for a trade a transition holds (docs/rules/ledger.md#lock-order).
 */
export function tradeKeyShareSubquery(tradeId: number): SQL {
  return trades.tradeKeyShareSubquery(tradeId);
}

export type DeadlineWindows = trades.DeadlineWindows;

/**
 * Subquery of every trade deadline a member should be reminded of within its window:
 * (reminder 'ship' | 'proposal' | 'receive', trade_id, user_id, due_at). For the reminders written in one statement.
 */
export function tradeDeadlinesDueSubquery(now: Date, windows: DeadlineWindows): SQL {
  return trades.tradeDeadlinesDueSubquery(now, windows);
}

/**
 * Subquery, one row per sneaker that changed hands in a trade completed since `since`:
 * (trade_id, completed_at, side, sneaker_id), side 'p' (the proposer's pair) or 'r' (the receiver's).
 */
export function completedTradeSidesSubquery(since: Date): SQL {
  return trades.completedTradeSidesSubquery(since);
}
