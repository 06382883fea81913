import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

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
