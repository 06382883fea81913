import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { ledgerEntries, tradeEvents, trades } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { seedDemo } from '../demo/seed-demo';
import { seedDemoTrades } from './seed-demo-trades';

const CONSTRAINTS = [
  ['trades', 'trades_status_check'],
  ['trades', 'trades_escrow_status_check'],
  ['trade_events', 'trade_events_from_status_check'],
  ['trade_events', 'trade_events_to_status_check'],
  ['ledger_entries', 'ledger_entries_event_check'],
] as const;

const migrationStatements = () => {
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0010_'))!;
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
};

/** The status CHECK constraints must go onto a database that already holds trades (the demo data). */
describe('migration 0010 (status checks)', () => {
  const testApp = useTestApp();

  it('applies over existing demo trades, keeps every row, and then refuses unknown values', async () => {
    const { ctx } = testApp();
    // Back to the schema before 0010, then fill it as a running site would be.
    for (const [table, name] of CONSTRAINTS) {
      await ctx.db.execute(sql.raw(`alter table "${table}" drop constraint "${name}"`));
    }
    await seedDemo(ctx, { seedDemoTrades });
    const counts = async () => ({
      trades: (await ctx.db.select({ n: count() }).from(trades))[0]!.n,
      events: (await ctx.db.select({ n: count() }).from(tradeEvents))[0]!.n,
      ledger: (await ctx.db.select({ n: count() }).from(ledgerEntries))[0]!.n,
    });
    const before = await counts();
    expect(before.trades).toBeGreaterThan(0);
    expect(before.ledger).toBeGreaterThan(0);

    for (const statement of migrationStatements()) await ctx.db.execute(sql.raw(statement));

    expect(await counts()).toEqual(before);
    await expect(ctx.db.execute(sql`update trades set status = 'lost' where id = (select min(id) from trades)`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update trades set escrow_status = 'lost' where id = (select min(id) from trades)`)).rejects.toThrow();
  });
});
