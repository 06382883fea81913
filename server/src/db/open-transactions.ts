import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any drizzle PostgreSQL database (the Db of client.ts, which imports this file). */
type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** One transaction the current async context runs in; `open` turns false when it commits or rolls back. */
interface OpenTransaction {
  open: boolean;
  outer: OpenTransaction | undefined;
}

const transactions = new AsyncLocalStorage<OpenTransaction>();

/**
 * Makes `db.transaction` mark the work it runs, so code can ask whether it runs inside a
 * transaction whatever database handle it was given (isTransactionOpen). A promise started inside
 * a transaction that outlives it is not in it any more: the mark is closed when the transaction ends.
 */
export function trackTransactions<D extends Db>(db: D): D {
  const begin = db.transaction.bind(db);
  db.transaction = ((work: (tx: Db) => Promise<unknown>, config?: unknown) =>
    begin(async (tx) => {
      const mark: OpenTransaction = { open: true, outer: transactions.getStore() };
      try {
        return await transactions.run(mark, () => work(tx as unknown as Db));
      } finally {
        mark.open = false;
      }
    }, config as never)) as Db['transaction'];
  return db;
}

/** Whether the caller runs inside a database transaction opened through a tracked `db.transaction`. */
export function isTransactionOpen(): boolean {
  for (let mark = transactions.getStore(); mark; mark = mark.outer) if (mark.open) return true;
  return false;
}
