import { rowsOf } from '../db/raw-rows';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { verifyLedger } from '../modules/ledger/verify-ledger';

/** The tables whose rows a backup is checked against: what members would miss first. */
export const COUNTED_TABLES = ['users', 'sneakers', 'trades', 'loops', 'messages', 'ledger_entries', 'payments', 'price_snapshots'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

export interface BackupContents {
  counts: Record<CountedTable, number>;
  /** Hash of the newest ledger entry (null on an empty ledger). */
  ledgerHead: string | null;
  ledgerValid: boolean;
}

/**
 * What a backup holds, read in one snapshot: the row counts of the tables above, the ledger's
 * head and whether the chain verifies (through `verifyWith`, which may write checkpoints).
 * Written into the manifest at backup time and compared after a restore.
 */
export async function readBackupContents(ctx: AppContext, verifyWith: AppContext = ctx): Promise<BackupContents> {
  const countSql = COUNTED_TABLES.map((table) => `(select count(*) from "${table}")::int as "${table}"`).join(', ');
  const result = await ctx.db.execute(sql.raw(`select ${countSql}, (select hash from ledger_entries order by id desc limit 1) as head`));
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  const counts = Object.fromEntries(COUNTED_TABLES.map((table) => [table, Number(row[table] ?? 0)])) as Record<CountedTable, number>;
  // Verifying records checkpoints (writes), so it may need a connection other than a read-only snapshot.
  const verification = await verifyLedger(verifyWith);
  return { counts, ledgerHead: (row.head as string | null) ?? null, ledgerValid: verification.valid };
}

/** "12 users, 40 sneakers, 3 ledger entries, ..." */
export function describeCounts(counts: Record<CountedTable, number>): string {
  return COUNTED_TABLES.map((table) => `${counts[table]} ${table.replaceAll('_', ' ')}`).join(', ');
}

/** The differences between what a manifest promised and what a restored database holds. */
export function compareContents(expected: BackupContents, actual: BackupContents): string[] {
  const problems: string[] = [];
  for (const table of COUNTED_TABLES) {
    if (expected.counts[table] !== actual.counts[table]) {
      problems.push(`${table}: the backup held ${expected.counts[table]} rows, the restored database has ${actual.counts[table]}`);
    }
  }
  if (expected.ledgerHead !== actual.ledgerHead) problems.push('the ledger head differs from the one backed up');
  if (!actual.ledgerValid) problems.push('the restored ledger does not verify');
  return problems;
}
