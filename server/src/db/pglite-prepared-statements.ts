import type { PGlite } from '@electric-sql/pglite';

type Query = PGlite['query'];

/** How many statements are kept prepared at most: the app has about a hundred distinct ones. */
const MAX_PREPARED = 500;
/** How many texts run once are remembered, waiting for a second run. */
const MAX_SEEN_ONCE = 2000;

/** Statements PREPARE accepts. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

/**
 * A statement's parameters written as SQL literals, or undefined when one is not a plain scalar
 * (arrays, objects, dates and bytes keep the driver's own serialization). A literal is untyped and
 * takes the parameter's type, exactly as a parameter sent as text does; strings are quoted with
 * standard_conforming_strings on (PostgreSQL's default, checked when the database opens), so a
 * backslash is an ordinary character and a quote is doubled.
 */
export function asLiterals(params: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const value of params) {
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') {
      if (value.includes('\0')) return undefined;
      literals.push(`'${value.replaceAll("'", "''")}'`);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return undefined;
      literals.push(`'${String(value)}'`);
    } else if (typeof value === 'bigint') literals.push(`'${String(value)}'`);
    else if (typeof value === 'boolean') literals.push(value ? "'t'" : "'f'");
    else return undefined;
  }
  return literals;
}

/**
 * Statements PGlite plans once. PGlite's query() parses and plans every statement afresh (one
 * session, unnamed statements), which is most of a small statement's cost there: the session's
 * read with its member took 0.52 ms through the ORM, 0.12 ms as EXECUTE of a prepared statement
 * (docs/performance/member-reads.md has the figures). So the second time a statement's text is
 * run outside a transaction, it is PREPAREd under a name of its own, and from then on run as
 * EXECUTE with its parameters as literals, inside transactions too. PostgreSQL's plan cache then
 * plans it as it would a named statement on a server: custom plans first, a generic one once it is
 * no worse. A statement that cannot be prepared (a parameter whose type PostgreSQL cannot infer) is
 * run as before from then on. PREPARE is never run inside a transaction, where its failure would
 * abort the caller's work.
 */
export class PglitePreparedStatements {
  /** Texts run once so far (a text is prepared on its second run). */
  private readonly seenOnce = new Set<string>();
  /** text -> its prepared name, or undefined once PREPARE refused it (then it runs as before). */
  private readonly prepared = new Map<string, Promise<string | undefined>>();

  constructor(private readonly enabled: boolean) {}

  /** A query function over `query` (the client's own, or a transaction's when `inTransaction`). */
  wrap(query: Query, { inTransaction }: { inTransaction: boolean }): Query {
    if (!this.enabled) return query;
    return (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
      const name = await this.nameFor(query, text, inTransaction);
      const literals = name ? asLiterals(params ?? []) : undefined;
      if (!name || !literals) return query(text, params, options);
      return query(literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`, [], options);
    }) as Query;
  }

  private nameFor(query: Query, text: string, inTransaction: boolean): Promise<string | undefined> | undefined {
    const prepared = this.prepared.get(text);
    if (prepared) return prepared;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size < MAX_SEEN_ONCE) this.seenOnce.add(text);
      return undefined;
    }
    if (inTransaction || this.prepared.size >= MAX_PREPARED || !PREPARABLE.test(text)) return undefined;
    const name = `soleswap_${this.prepared.size + 1}`;
    const ready = query(`PREPARE ${name} AS ${text}`).then(
      () => name,
      () => undefined,
    );
    this.seenOnce.delete(text);
    this.prepared.set(text, ready);
    return ready;
  }
}
