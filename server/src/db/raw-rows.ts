/**
 * Reading the result of a raw `db.execute(sql\`...\`)`. Drizzle types it by driver, but both drivers
 * (PGlite and node-postgres) return `{ rows }`, so the rows are read here once, typed as the
 * statement's columns (a lint rule forbids casting a result to `{ rows }` anywhere else).
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many rows a raw insert, update or delete changed: PGlite says affectedRows, node-postgres rowCount. */
export function changedRowsOf(result: unknown): number {
  const { affectedRows, rowCount } = result as { affectedRows?: number; rowCount?: number | null };
  return affectedRows ?? rowCount ?? 0;
}
