import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value of one COPY text-format field: null writes \N, arrays write PostgreSQL array literals. */
export type CopyValue = string | number | boolean | null | Date | readonly (string | number)[];

function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function arrayLiteral(items: readonly (string | number)[]): string {
  return `{${items.map((item) => (typeof item === 'number' ? String(item) : `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeText(arrayLiteral(value));
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return escapeText(String(value));
}

/** One row of COPY text format. */
export function copyLine(values: readonly CopyValue[]): string {
  return `${values.map(field).join('\t')}\n`;
}

/**
 * Streams rows into `table (columns)` with COPY FROM STDIN. `rows` yields one row at a time;
 * they are batched into chunks of about 64 KB so the generator and the socket stay busy together.
 */
export async function copyRows(
  client: pg.PoolClient | pg.Client,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
  onRow?: () => void,
): Promise<number> {
  let count = 0;
  function* chunks() {
    let buffer = '';
    for (const row of rows) {
      buffer += copyLine(row);
      count++;
      onRow?.();
      if (buffer.length >= 65_536) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  const sink = client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks()), sink);
  return count;
}
