import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { ledgerEntries, messages, sneakers, trades, users } from '../db/schema/index';
import { loadEnv } from '../env';
import { seedStartupContent } from '../modules/demo/seed-demo';
import { handInAcrossModules } from '../modules/register-modules';
import { seedDemoTrades } from '../modules/trades/seed-demo-trades';
import { uploadsDir } from '../modules/uploads/image-store';
import { verifyLedger } from '../modules/ledger/verify-ledger';
import { openEmptyPostgresTestDatabase, openTestDatabase, seedPgliteDataDir, testDatabaseKind } from '../../test/test-database';
import { runBackupCommand } from './backup-command';
import { openConfiguredDatabase } from './open-configured-database';
import { runRestoreCommand } from './restore-command';

/**
 * `npm run db:backup` then `npm run db:restore` into a fresh data directory (and, on db:postgres,
 * a fresh PostgreSQL database): every member, sneaker, trade, message and ledger entry comes back,
 * the images too, and the ledger verifies.
 */
describe('npm run db:backup / db:restore', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'soleswap-backup-'));
  const sourceEnv: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: path.join(root, 'source'), LOG_LEVEL: 'silent' };
  const targetEnv: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: path.join(root, 'target'), LOG_LEVEL: 'silent' };
  const backupDir = path.join(root, 'backup');
  const cleanups: (() => Promise<void>)[] = [];
  const imageName = `${randomBytes(16).toString('hex')}.webp`;
  const lines: string[] = [];
  const io = (env: Record<string, string>) => ({ env, out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) });

  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') {
      const source = await openTestDatabase();
      sourceEnv.DATABASE_URL = source.url!;
      cleanups.push(() => source.close());
      // The restore refuses a database that holds tables: the target starts with none.
      const target = await openEmptyPostgresTestDatabase();
      targetEnv.DATABASE_URL = target.url;
      cleanups.push(() => target.close());
    } else {
      // The source starts from the migrated template; the target's DATA_DIR stays empty, as the restore demands.
      await seedPgliteDataDir(path.join(sourceEnv.DATA_DIR!, 'pglite'));
    }
    await withDatabase(sourceEnv, async (ctx) => {
      // The demo trades run the real services, which need what the app hands across modules at start.
      handInAcrossModules(ctx);
      await seedStartupContent(ctx, Fastify({ logger: false }).log, { seedDemoTrades });
      const [trade] = await ctx.db.select().from(trades).orderBy(asc(trades.id)).limit(1);
      await ctx.db.insert(messages).values({ tradeId: trade!.id, senderId: trade!.proposerId, content: 'Box and receipt included 📦' });
    });
    mkdirSync(uploadsDir(sourceEnv.DATA_DIR!), { recursive: true });
    writeFileSync(path.join(uploadsDir(sourceEnv.DATA_DIR!), imageName), 'image bytes');
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores every row, the images and a verifying ledger into a fresh database', async () => {
    expect(await runBackupCommand(['--out', backupDir], io(sourceEnv)), lines.join('\n')).toBe(0);
    expect(await runRestoreCommand([backupDir], io(targetEnv)), lines.join('\n')).toBe(0);

    const before = await withDatabase(sourceEnv, snapshotOf);
    const after = await withDatabase(targetEnv, snapshotOf);
    expect(before.users.length).toBeGreaterThan(0);
    expect(before.trades.length).toBeGreaterThan(0);
    expect(before.messages).toHaveLength(1);
    expect(before.ledger.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(after.ledgerValid).toBe(true);
    expect(readFileSync(path.join(uploadsDir(targetEnv.DATA_DIR!), imageName), 'utf8')).toBe('image bytes');
  }, 120_000);

  it('refuses to restore over a database that holds data, and changes nothing', async () => {
    const before = await withDatabase(targetEnv, snapshotOf);
    lines.length = 0;
    expect(await runRestoreCommand([backupDir], io(targetEnv))).toBe(1);
    expect(lines.join('\n')).toMatch(/already holds/);
    expect(await withDatabase(targetEnv, snapshotOf)).toEqual(before);
  }, 60_000);

  it('refuses a folder that is not a backup, and a backup over an earlier one', async () => {
    lines.length = 0;
    expect(await runRestoreCommand([root], io(targetEnv))).toBe(1);
    expect(lines.join('\n')).toMatch(/not a SoleSwap backup/);
    lines.length = 0;
    expect(await runBackupCommand(['--out', backupDir], io(sourceEnv))).toBe(1);
    expect(lines.join('\n')).toMatch(/not empty/);
    expect(existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);
  }, 60_000);
});

async function withDatabase<T>(env: Record<string, string>, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const opened = await openConfiguredDatabase(loadEnv(env));
  try {
    return await fn(opened.ctx);
  } finally {
    await opened.close();
  }
}

async function snapshotOf(ctx: AppContext) {
  const [memberRows, sneakerRows, tradeRows, messageRows, ledgerRows, verification] = await Promise.all([
    ctx.db.select({ id: users.id, email: users.email, reputation: users.reputation }).from(users).orderBy(asc(users.id)),
    ctx.db.select({ id: sneakers.id, userId: sneakers.userId, name: sneakers.name }).from(sneakers).orderBy(asc(sneakers.id)),
    ctx.db.select({ id: trades.id, status: trades.status }).from(trades).orderBy(asc(trades.id)),
    ctx.db.select({ id: messages.id, content: messages.content }).from(messages).orderBy(asc(messages.id)),
    ctx.db.select({ id: ledgerEntries.id, hash: ledgerEntries.hash }).from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
    verifyLedger(ctx),
  ]);
  return { users: memberRows, sneakers: sneakerRows, trades: tradeRows, messages: messageRows, ledger: ledgerRows, ledgerValid: verification.valid };
}
