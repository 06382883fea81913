import { rowsOf } from '../db/raw-rows';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * With REDIS_URL the counters live in Redis: two instances that share nothing else (each on its own
 * database here) still share one budget. This file runs in the `redis` project, which exists only
 * when REDIS_URL is set (see vitest.config.ts).
 */
describe('rate limits in Redis (REDIS_URL)', () => {
  let instanceA: TestApp;
  let instanceB: TestApp;
  // Counters outlive a run by up to a minute: each run signs in from its own address.
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
    instanceA = await createTestApp(env);
    instanceB = await createTestApp(env);
  }, 60_000);

  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
  });

  const attempt = (testApp: TestApp) =>
    testApp.app.inject({
      method: 'POST',
      url: '/idp/interaction/no-such-uid/login',
      remoteAddress: address,
      payload: { email: 'a@example.com', password: 'wrong-password' },
    });

  it('counts sign-in attempts on two instances with separate databases against one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? instanceB : instanceA)).statusCode);
    expect(statuses).not.toContain(429);
    const refused = await attempt(instanceA);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Nothing was counted in either database.
    const rows = await instanceA.ctx.db.execute(sql`select count(*)::int as n from rate_limit_hits`);
    expect(rowsOf<{ n: number }>(rows)[0]!.n).toBe(0);
  });
});
