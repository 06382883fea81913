import { rowsOf } from '../../db/raw-rows';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@soleswap/contracts/canonical-json';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase, preparePartialTemplate } from '../../../test/test-database';
import { appendLedgerEntry } from './append-ledger-entry';
import { tradeKeyShareSubquery, updateLockHashOfTrade } from '../trades/trade-records';
import { loopKeyShareSubquery } from '../loops/loop-records';
import { registerLedgerSubjects } from './ledger-subjects';
import { convertLegacyLedger } from './convert-legacy-ledger';
import { GENESIS_HASH, computeCommitment } from './ledger-hash';
import { verifyLedger } from './verify-ledger';

/** The last migration before the ledger went public-form: the database the old code wrote. */
const LAST_OLD_MIGRATION = '0003_sneaker_listing_changed_at';

// Built once (and kept between runs until a migration changes); each test then only copies it.
beforeAll(() => preparePartialTemplate(LAST_OLD_MIGRATION));
// No app is built here: what register-modules hands the ledger at start-up is handed in by hand.
beforeAll(() => registerLedgerSubjects({ trade: tradeKeyShareSubquery, loop: loopKeyShareSubquery }));

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!();
});

/**
 * A database migrated up to `upTo` only, or fully, from a migrated template (test-database.ts),
 * closed after the test.
 */
async function openMigratedDatabase(upTo?: string): Promise<Database> {
  const database = await openTestDatabase({ upTo });
  opened.push(() => database.close());
  return database;
}

/** How the old code hashed an entry: its ids and payload in the clear. */
function oldFormHash(prevHash: string, entry: { tradeId: number; event: string; payload: unknown; createdAt: Date }) {
  const content = { createdAt: entry.createdAt.toISOString(), event: entry.event, payload: entry.payload, tradeId: entry.tradeId };
  return createHash('sha256')
    .update(prevHash + canonicalJson(content))
    .digest('hex');
}

interface LedgerRowRead {
  id: number;
  trade_id: number;
  event: string;
  payload: Record<string, unknown>;
  trade_ref: string;
  salt: string;
  commitment: string | null;
  prev_hash: string;
  hash: string;
}

/**
 * A database as the old code left it: two members, two trades and their escrow events chained
 * in the old form (trade ids, member ids and sneaker ids hashed in the clear).
 */
async function oldFormLedger(database: Database) {
  const { db } = database;
  const [alice, bob] = [randomUUID(), randomUUID()];
  await db.execute(sql`insert into users (id, username) values (${alice}, 'alice'), (${bob}, 'bob')`);
  const tradeIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    const inserted = await db.execute(
      sql`insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids)
          values (${alice}, ${bob}, 'accepted', ${sql.raw(`'{${10 + i}}'`)}, ${sql.raw(`'{${20 + i}}'`)}) returning id`,
    );
    tradeIds.push(Number(rowsOf<{ id: number }>(inserted)[0]!.id));
  }
  const [first, second] = tradeIds as [number, number];
  const events = [
    { tradeId: first, event: 'lock', payload: { proposerId: alice, receiverId: bob, proposerSneakerIds: [10], receiverSneakerIds: [20] } },
    { tradeId: second, event: 'lock', payload: { proposerId: alice, receiverId: bob, proposerSneakerIds: [11], receiverSneakerIds: [21] } },
    { tradeId: first, event: 'ship', payload: { side: 'proposer', withTracking: true } },
    { tradeId: first, event: 'refund', payload: { reason: 'mutual-cancel' } },
    { tradeId: second, event: 'dispute', payload: { side: 'receiver' } },
  ];
  let prevHash = GENESIS_HASH;
  const hashes: string[] = [];
  for (const [index, event] of events.entries()) {
    const createdAt = new Date(Date.UTC(2025, 2, 1, 12, index, 0, 123));
    const hash = oldFormHash(prevHash, { ...event, createdAt });
    await db.execute(
      sql`insert into ledger_entries (trade_id, event, payload, prev_hash, hash, created_at)
          values (${event.tradeId}, ${event.event}, ${JSON.stringify(event.payload)}::jsonb, ${prevHash}, ${hash}, ${createdAt.toISOString()})`,
    );
    if (event.event === 'lock') await db.execute(sql`update trades set blockchain_tx_hash = ${hash} where id = ${event.tradeId}`);
    hashes.push(hash);
    prevHash = hash;
  }
  return { alice, bob, tradeIds, hashes };
}

async function readLedger(database: Database) {
  return rowsOf<LedgerRowRead>(await database.db.execute(sql`select * from ledger_entries order by id`)).map((row) => ({
    ...row,
    id: Number(row.id),
  }));
}

const ctxOf = (database: Database) => ({ db: database.db }) as unknown as AppContext;

describe('migrating a ledger written in the old form', () => {
  it('gives every entry a trade reference, a salt and a commitment, re-chains the public form and verifies', async () => {
    const database = await openMigratedDatabase(LAST_OLD_MIGRATION);
    const { alice, bob, tradeIds, hashes } = await oldFormLedger(database);

    await runMigrations(database);
    const migrated = await readLedger(database);
    expect(migrated.every((row) => row.commitment === null && /^[0-9a-f]{32}$/.test(row.salt))).toBe(true);
    // Not converted yet: the old entries do not verify as public-form entries.
    expect((await verifyLedger(ctxOf(database))).valid).toBe(false);

    expect(await convertLegacyLedger(database.db, updateLockHashOfTrade)).toEqual({ converted: 5, brokenAt: null });
    expect(await verifyLedger(ctxOf(database))).toEqual({ valid: true, checked: 5, brokenAt: null });

    const rows = await readLedger(database);
    const refOf = (tradeId: number) => new Set(rows.filter((row) => row.trade_id === tradeId).map((row) => row.trade_ref));
    const [first, second] = tradeIds as [number, number];
    expect(refOf(first).size).toBe(1);
    expect(refOf(second).size).toBe(1);
    expect([...refOf(first)][0]).not.toBe([...refOf(second)][0]);
    expect(new Set(rows.map((row) => row.salt)).size).toBe(5);
    for (const row of rows) {
      expect(row.commitment).toBe(computeCommitment(row.salt, { tradeId: row.trade_id, payload: row.payload }));
      expect(hashes).not.toContain(row.hash);
      expect(row.trade_ref).toMatch(/^[0-9a-f]{24}$/);
    }
    // The private details are kept as they were.
    expect(rows[0]!.payload).toEqual({ proposerId: alice, receiverId: bob, proposerSneakerIds: [10], receiverSneakerIds: [20] });

    // Each trade's blockchainTxHash follows its lock entry to the new hash.
    const trades = rowsOf<{ id: number; blockchain_tx_hash: string }>(
      await database.db.execute(sql`select id, blockchain_tx_hash from trades order by id`),
    );
    expect(trades.map((trade) => trade.blockchain_tx_hash)).toEqual([rows[0]!.hash, rows[1]!.hash]);

    // Safe on every start: a second run changes nothing.
    expect(await convertLegacyLedger(database.db, updateLockHashOfTrade)).toEqual({ converted: 0, brokenAt: null });
    expect(await readLedger(database)).toEqual(rows);

    // New entries chain onto the converted chain and keep the trade's reference.
    const appended = await database.db.transaction((tx) =>
      appendLedgerEntry(tx, { tradeId: second, event: 'refund', payload: { reason: 'dispute-resolved' } }),
    );
    expect(appended).toMatchObject({ prevHash: rows[4]!.hash, tradeRef: rows[1]!.trade_ref });
    expect(await verifyLedger(ctxOf(database))).toEqual({ valid: true, checked: 6, brokenAt: null });
  });

  it('leaves a tampered old chain as it is, so the tampering is not hashed away', async () => {
    const database = await openMigratedDatabase(LAST_OLD_MIGRATION);
    await oldFormLedger(database);
    await database.db.execute(sql`update ledger_entries set payload = '{"side":"receiver","withTracking":true}' where event = 'ship'`);
    await runMigrations(database);
    const before = await readLedger(database);

    const shipId = before.find((row) => row.event === 'ship')!.id;
    expect(await convertLegacyLedger(database.db, updateLockHashOfTrade)).toEqual({ converted: 0, brokenAt: shipId });
    expect(await readLedger(database)).toEqual(before);
    expect((await verifyLedger(ctxOf(database))).valid).toBe(false);
  });

  it('does nothing on a database whose ledger is empty', async () => {
    const database = await openMigratedDatabase();
    expect(await convertLegacyLedger(database.db, updateLockHashOfTrade)).toEqual({ converted: 0, brokenAt: null });
  });
});
