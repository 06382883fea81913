import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import type { AppContext } from '../context';
import { loadEnv } from '../env';
import { insertUser } from '../modules/users/users.repository';
import { signInUser } from '../modules/users/sign-in-user';
import { openTestDatabase, seedPgliteDataDir, testDatabaseKind } from '../../test/test-database';
import { runAdminCommand } from './admin-command';
import { openConfiguredDatabase } from './open-configured-database';

/**
 * The command against the database it is configured for: on the db:pglite project an embedded
 * database in its own DATA_DIR (filled from the migrated template, as if the server had run), on
 * db:postgres a fresh PostgreSQL database through DATABASE_URL.
 */
describe('npm run admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-admin-cli-'));
  let env: Record<string, string> = {};
  let closeTestDb = async () => {};

  beforeAll(async () => {
    env = { NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_EMAILS: 'listed@example.com', LOG_LEVEL: 'silent' };
    if (testDatabaseKind() === 'postgres') {
      const testDb = await openTestDatabase();
      env.DATABASE_URL = testDb.url!;
      closeTestDb = () => testDb.close();
    } else {
      await seedPgliteDataDir(path.join(dataDir, 'pglite'));
    }
    await withDatabase(async (ctx) => {
      await insertUser(ctx.db, { email: 'ada@example.com', username: 'ada', oidcIssuer: 'https://idp.test', oidcSubject: 'ada' });
      await insertUser(ctx.db, { email: 'listed@example.com', username: 'listed', role: 'admin' });
    });
  }, 60_000);

  afterAll(async () => {
    await closeTestDb();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withDatabase<T>(fn: (ctx: AppContext) => Promise<T>): Promise<T> {
    const opened = await openConfiguredDatabase(loadEnv(env));
    try {
      return await fn(opened.ctx);
    } finally {
      await opened.close();
    }
  }

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const roleOf = (email: string) =>
    withDatabase(async (ctx) => (await ctx.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role);

  it('refuses to grant an e-mail nobody signed up with, and creates no member for it', async () => {
    const result = await run('grant', 'ghost@example.com');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No member has the e-mail ghost@example.com');
    expect(result.err).toContain('sign up first');
    expect(await roleOf('ghost@example.com')).toBeUndefined();
  });

  it('grants, lists and revokes the admin role by e-mail, whatever its case', async () => {
    const granted = await run('grant', 'Ada@Example.com');
    expect(granted).toMatchObject({ code: 0, out: 'ada@example.com (ada) is now an admin.' });
    expect(await roleOf('ada@example.com')).toBe('admin');
    expect((await run('grant', 'ada@example.com')).out).toBe('ada@example.com (ada) is already an admin.');

    const listed = await run('list');
    expect(listed.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.out.split('\n')[0]).toMatch(/^E-MAIL\s+USERNAME\s+MEMBER SINCE$/);
    expect(listed.out).toMatch(new RegExp(`ada@example\\.com\\s+ada\\s+${today}`));
    expect(listed.out).toContain('listed@example.com');

    const revoked = await run('revoke', 'ada@example.com');
    expect(revoked).toMatchObject({ code: 0, out: 'ada@example.com (ada) is no longer an admin.' });
    expect(await roleOf('ada@example.com')).toBe('member');
    expect((await run('list')).out).not.toContain('ada@example.com');
  });

  it('grants the inspector role by e-mail, and revoke makes them a plain member again', async () => {
    const granted = await run('grant-inspector', 'Ada@Example.com');
    expect(granted).toMatchObject({ code: 0, out: 'ada@example.com (ada) is now an inspector.' });
    expect(await roleOf('ada@example.com')).toBe('inspector');
    expect((await run('grant-inspector', 'ada@example.com')).out).toBe('ada@example.com (ada) is already an inspector.');
    expect((await run('list')).out).not.toContain('ada@example.com');
    expect((await run('revoke', 'ada@example.com')).code).toBe(0);
    expect(await roleOf('ada@example.com')).toBe('member');
  });

  it('keeps a granted admin an admin when the member signs in again', async () => {
    await run('grant', 'ada@example.com');
    const user = await withDatabase((ctx) =>
      signInUser(ctx, { issuer: 'https://idp.test', subject: 'ada', email: 'ada@example.com', emailVerified: true }),
    );
    expect(user.role).toBe('admin');
    await run('revoke', 'ada@example.com');
  });

  it('warns that an ADMIN_EMAILS address gets the role back at its next sign-in', async () => {
    const result = await run('revoke', 'listed@example.com');
    expect(result.code).toBe(0);
    expect(result.out).toContain('is no longer an admin');
    expect(result.out).toContain('listed in ADMIN_EMAILS');
    expect(await roleOf('listed@example.com')).toBe('member');
  });

  it('explains its usage on a wrong command or a malformed e-mail', async () => {
    for (const argv of [['promote', 'ada@example.com'], ['grant'], ['grant', 'not-an-email'], ['list', 'extra']]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.err).toContain('Usage: npm run admin -- <command>');
    }
    expect((await run('--help')).code).toBe(0);
  });
});

describe('npm run admin with a running server on the embedded database', () => {
  it('says plainly that the server holds the database and what to do, and changes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-admin-lock-'));
    try {
      // The lock file of a live process that is not this one, as a running server leaves it.
      writeFileSync(path.join(dataDir, 'soleswap.lock'), String(process.ppid));
      const err: string[] = [];
      const code = await runAdminCommand(['grant', 'ada@example.com'], {
        env: { NODE_ENV: 'test', DATA_DIR: dataDir },
        out: () => undefined,
        err: (line) => err.push(line),
      });
      expect(code).toBe(1);
      const message = err.join('\n');
      expect(message).toContain(`A running SoleSwap server (pid ${process.ppid}) holds the embedded database`);
      expect(message).toContain('Stop the server first');
      expect(message).toContain('use PostgreSQL (DATABASE_URL)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
