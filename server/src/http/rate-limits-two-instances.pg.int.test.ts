import type { FastifyInstance } from 'fastify';
import { MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, signIn, TestClient, type ApiResponse, type TestApp } from '../../test/test-app';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: a caller who spreads
 * requests over both gets one budget, not one per instance. (PGlite is one process by design.)
 */
describe('rate limits across two instances on one database', () => {
  let instanceA: TestApp;
  let databaseB: Database;
  let appB: FastifyInstance;

  beforeAll(async () => {
    instanceA = await createTestApp();
    const url = (instanceA.ctx.database as Database & { url?: string }).url;
    if (!url) throw new Error('the test database has no URL');
    databaseB = await openDatabase({ databaseUrl: url, poolSize: 5 });
    appB = await buildApp(createContext(instanceA.ctx.env, databaseB), { logger: false });
    await appB.ready();
  }, 60_000);

  afterAll(async () => {
    await appB?.close();
    await databaseB?.close();
    await instanceA?.close();
  });

  it('counts sign-in attempts sent to either instance against one budget', async () => {
    const onA = new TestClient(instanceA.app);
    const onB = new TestClient(appB);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const client = i % 2 ? onB : onA;
      statuses.push((await client.post('/idp/interaction/no-such-uid/login', { email: 'a@example.com', password: 'wrong-password' })).status);
    }
    expect(statuses).not.toContain(429);
    const refusedOnA = await onA.post('/idp/interaction/no-such-uid/login', { email: 'a@example.com', password: 'wrong-password' });
    const refusedOnB = await onB.post('/idp/interaction/no-such-uid/login', { email: 'a@example.com', password: 'wrong-password' });
    for (const res of [refusedOnA, refusedOnB]) {
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts a member's chat messages on both instances together (the limit built in code, not in route config)", async () => {
    const onA = await signIn(instanceA.app, { email: 'chatter@example.com', username: 'chatter' });
    // Sessions live in the database too: the same cookie signs the member in on B.
    const onB = Object.assign(new TestClient(appB), { cookie: onA.cookie });
    const answers: ApiResponse[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      answers.push(await (i % 2 ? onB : onA).post('/api/conversations/999999/messages', { content: 'hello' }));
    }
    expect(answers.map((a) => a.status)).not.toContain(429);
    expect((await onB.post('/api/conversations/999999/messages', { content: 'hello' })).status).toBe(429);
    expect((await onA.post('/api/conversations/999999/messages', { content: 'hello' })).status).toBe(429);
  });
});
