import { MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import { describe, expect, it } from 'vitest';
import { signIn, TestClient, type ApiResponse } from '../../test/test-app';
import { useTwoInstances } from '../../test/two-instances';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: a caller who spreads
 * requests over both gets one budget, not one per instance. (PGlite is one process by design.)
 */
describe('rate limits across two instances on one database', () => {
  const instances = useTwoInstances();

  it('counts sign-in attempts sent to either instance against one budget', async () => {
    const { instanceA, appB } = instances();
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
    const { instanceA, appB } = instances();
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
