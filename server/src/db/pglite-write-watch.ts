import type { PGlite } from '@electric-sql/pglite';

type Query = PGlite['query'];
type Exec = PGlite['exec'];

/** A statement text that inserts into, updates or deletes from `table` (quoted or not, in a CTE too), or truncates anything. */
export function writePattern(table: string): RegExp {
  return new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?${table}"?(?=[\\s(;,]|$)|\\btruncate\\b`, 'i');
}

interface Watcher {
  pattern: RegExp;
  onWrite: () => void;
}

/**
 * Tells whoever keeps something read from a table in memory (the session cache) that the table was
 * written, on the embedded database, where every statement passes through this process's one PGlite
 * client: the requests', the jobs', the domain events' listeners' and the tests' alike. A listener
 * is called once a writing statement has run, and again when the transaction it ran in has ended,
 * so by the last call the write is committed (or undone). PGlite runs one transaction at a time and
 * no other statement while one is open, so nothing can read the table between the write and the
 * commit; a read that ran before the write is told of it by the call that follows.
 */
export class PgliteWriteWatch {
  private readonly watchers: Watcher[] = [];

  /** Calls `onWrite` after every statement that may have written `table`. */
  watch(table: string, onWrite: () => void) {
    this.watchers.push({ pattern: writePattern(table), onWrite });
  }

  /** A query function over `query` that reports writes; `transaction` collects them for the transaction's end. */
  wrapQuery(query: Query, transaction?: Set<Watcher>): Query {
    return (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
      try {
        return await query(text, params, options);
      } finally {
        this.report(text, transaction);
      }
    }) as Query;
  }

  wrapExec(exec: Exec): Exec {
    return (async (text: string, options?: Parameters<Exec>[1]) => {
      try {
        return await exec(text, options);
      } finally {
        this.report(text);
      }
    }) as Exec;
  }

  /** Runs `run` as a transaction, with a set its statements' writes are collected in, and reports them once it has ended. */
  async inTransaction<T>(run: (written: Set<Watcher>) => Promise<T>): Promise<T> {
    const written = new Set<Watcher>();
    try {
      return await run(written);
    } finally {
      for (const watcher of written) watcher.onWrite();
    }
  }

  private report(text: string, transaction?: Set<Watcher>) {
    for (const watcher of this.watchers) {
      if (!watcher.pattern.test(text)) continue;
      watcher.onWrite();
      transaction?.add(watcher);
    }
  }
}
