import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, TEST_ORIGIN, useTestApp } from '../../../test/test-app';
import { MAX_STREAMS_PER_USER } from './live-config';
import { publishLiveEvent } from './publish-live-event';
import { listenOnce, openSse, type SseConnection } from './sse.int-helpers';

/**
 * A stream must not outlive the session that opened it: a sign-out or a suspension ends it at
 * once (on one instance here; two instances in live-two-instances.pg.int.test.ts).
 */
describe('live streams and the end of a session', () => {
  const testApp = useTestApp();
  const open: SseConnection[] = [];
  afterEach(() => open.splice(0).forEach((c) => c.close()));

  async function member(name: string, role?: 'admin') {
    const tag = randomBytes(3).toString('hex');
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}`, ...(role ? { role } : {}) });
  }

  async function ready(cookie: string) {
    const connection = await openSse(await listenOnce(testApp().app), { cookie });
    open.push(connection);
    expect(connection.status).toBe(200);
    await connection.waitFor((m) => m.event === 'ready');
    return connection;
  }

  /** True once the stream has ended, false while it is still open (checked after an event that would follow the end). */
  const isEnded = async (connection: SseConnection) => await Promise.race([connection.ended.then(() => true), Promise.resolve(false)]);

  it("ends the signed-out session's stream at once, delivers nothing more to it, and leaves the member's other session streaming", async () => {
    const ann = await member('ann');
    const annElsewhere = await signIn(testApp().app, { email: ann.user.email });
    const onLaptop = await ready(ann.cookie!);
    const onPhone = await ready(annElsewhere.cookie!);

    const out = await ann.post('/api/logout', undefined, { origin: TEST_ORIGIN });
    expect(out.status).toBe(204);
    await onLaptop.ended;

    // An event published after the sign-out reaches the other session only.
    await testApp().ctx.db.transaction((tx) => publishLiveEvent(tx, { userIds: [ann.user.id], kind: 'unread.changed', payload: { messages: 7 } }));
    await onPhone.waitFor((m) => m.event === 'unread.changed');
    expect(await isEnded(onPhone)).toBe(false);
    expect(onLaptop.messages.some((m) => m.event === 'unread.changed')).toBe(false);
    // The old cookie opens no new stream.
    const again = await openSse(await listenOnce(testApp().app), { cookie: ann.cookie! });
    open.push(again);
    expect(again.status).toBe(401);
  });

  it('ends every stream of a member an admin suspends', async () => {
    const boss = await member('boss', 'admin');
    const bo = await member('bo');
    const boElsewhere = await signIn(testApp().app, { email: bo.user.email });
    const first = await ready(bo.cookie!);
    const second = await ready(boElsewhere.cookie!);

    const suspended = await boss.post(`/api/admin/users/${bo.user.id}/suspend`, { reason: 'Harassment' });
    expect(suspended.status).toBe(200);
    await Promise.all([first.ended, second.ended]);
  });

  it(`refuses a member's stream beyond ${MAX_STREAMS_PER_USER} with 429, and takes one again once a stream closes`, async () => {
    const cy = await member('cy');
    const streams: SseConnection[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await ready(cy.cookie!));
    const refused = await cy.get('/api/events');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');

    streams[0]!.close();
    // The closed stream's place is free once the server has seen it go: a new one then opens.
    let reopened: SseConnection | undefined;
    while (!reopened) {
      const attempt = await openSse(await listenOnce(testApp().app), { cookie: cy.cookie! });
      open.push(attempt);
      if (attempt.status === 200) reopened = attempt;
      else expect(attempt.status).toBe(429);
    }
    await reopened.waitFor((m) => m.event === 'ready');
  });
});
