import { createRequire } from 'node:module';

/** pg's own conversion of a parameter to the text it sends. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

/**
 * bench:ceiling's record of the statements a request sends to PostgreSQL, exactly as sent (text
 * and parameters), written as a pgbench script that replays them. Installed on pg.Client's
 * query before the app's modules load, so every connection class built on it records too.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

/** What the connection does for itself, not for the request: its statement_timeout. */
const OWN = /^\s*(set\s+statement_timeout|listen|unlisten)\b/i;

export function capturedStatements(pg: { Client: { prototype: { query: (...args: unknown[]) => unknown } } }) {
  let taken: Statement[] | null = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function capturingQuery(this: unknown, ...args: unknown[]) {
    if (taken) {
      const [config, values] = args;
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | null)?.values ?? []);
      if (typeof text === 'string' && !OWN.test(text)) taken.push({ text, values: params });
    }
    return original.apply(this, args);
  };
  return {
    start() {
      taken = [];
    },
    stop(): Statement[] {
      const out = taken ?? [];
      taken = null;
      return out;
    },
  };
}

/** A parameter as the SQL literal pg would have sent it as text (untyped, as a parameter is). */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  // standard_conforming_strings is on (PostgreSQL's default): only the quote is doubled.
  return `'${String(prepared).replaceAll("'", "''")}'`;
}

/** One request's statements as a pgbench script: parameters written in as literals, one statement a command. */
export function pgbenchScript(statements: Statement[]): string {
  return statements
    .map(
      ({ text, values }) =>
        `${text
          .replace(/\$(\d+)\b/g, (_, n: string) => literal(values[Number(n) - 1]))
          .trim()
          .replace(/;\s*$/, '')};\n`,
    )
    .join('');
}
