import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { isDeadlock } from './request-statements';

/** Whether `db` is a transaction already (drizzle's transactions, on either driver, are PgTransactions). */
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * Runs `work` in the caller's transaction when `db` is one (no savepoint of its own: two round
 * trips fewer), else in a new transaction. Only for work that writes nothing before its last
 * refusal: a refusal then leaves nothing to undo, and the caller's transaction is as it was.
 */
export function withinTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction((tx) => work(tx));
}

/** How many times in all a transaction PostgreSQL ended to break a deadlock is run (retryingDeadlocks). */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `attempt`, work that opens its own transaction on `db`, and runs it again when PostgreSQL
 * ended that transaction to break a deadlock (40P01), up to DEADLOCK_ATTEMPTS times in all: nothing
 * of it was kept, so it starts afresh, and the member gets an answer instead of a 500. The lock
 * order (docs/rules/ledger.md#lock-order) keeps deadlocks away; this is for any that remain. Only
 * when `db` is no transaction: inside a caller's transaction the whole of it must run again, which
 * the caller's own retry does (http/idempotency.ts for a keyed write).
 */
export async function retryingDeadlocks<T>(db: Db, attempt: () => Promise<T>): Promise<T> {
  if (isTransaction(db)) return attempt();
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt();
    } catch (error) {
      if (attempts >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
