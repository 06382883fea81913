import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { MAX_STREAMS_PER_USER } from './live-config';
import { listenOnce, openSse, type SseConnection } from './sse.int-helpers';
import { useTwoInstances } from '../../../test/two-instances';
import { signIn, TEST_ORIGIN } from '../../../test/test-app';

/**
 * Two server instances on one PostgreSQL database, as in production behind a load balancer: a
 * change made through one reaches streams held by the other. (PGlite is one process by design.)
 */
describe('two instances on one database', () => {
  const open: SseConnection[] = [];
  const instances = useTwoInstances({}, { beforeClose: () => open.forEach((c) => c.close()) });

  it('delivers a trade proposed through instance A to a stream held by instance B', async () => {
    const { instanceA, appB } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice');
    const bob = await memberWithSneakers(instanceA, 'bob');
    // Sessions live in the database, so bob's cookie from A signs him in on B too.
    const baseB = await listenOnce(appB);
    const onB = await openSse(baseB, { cookie: bob.cookie });
    const alsoOnB = await openSse(baseB, { cookie: alice.cookie });
    open.push(onB, alsoOnB);
    await onB.waitFor((m) => m.event === 'ready');
    await alsoOnB.waitFor((m) => m.event === 'ready');

    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const seen = await onB.waitFor((m) => m.event === 'trade.changed' && m.data?.payload.tradeId === proposed.body.id);
    expect(seen.data?.payload).toEqual({ tradeId: proposed.body.id, status: 'pending', action: 'propose' });
    await alsoOnB.waitFor((m) => m.event === 'trade.changed' && m.data?.payload.tradeId === proposed.body.id);

    // Instance B holds one LISTEN connection for all its streams; A, streaming to nobody, holds none.
    const listening = rowsOf<{ n: number }>(
      await instanceA.ctx.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      ),
    );
    expect(listening[0]?.n).toBe(1);
  });

  it('delivers a chat message posted on instance A to the other member’s stream on B, and a reconnect on B gets exactly what it missed', async () => {
    const { instanceA, appB } = instances();
    const carol = await memberWithSneakers(instanceA, 'carol');
    const dave = await memberWithSneakers(instanceA, 'dave');
    const proposed = await carol.post('/api/trades', proposal(carol, dave));
    expect(proposed.status).toBe(201);
    const chatUrl = `/api/trades/${proposed.body.id}/messages`;
    const baseB = await listenOnce(appB);
    const onB = await openSse(baseB, { cookie: dave.cookie });
    open.push(onB);
    const ready = await onB.waitFor((m) => m.event === 'ready');

    const first = await carol.post(chatUrl, { content: 'Still up for it?' });
    expect(first.status).toBe(201);
    const arrived = await onB.waitFor((m) => m.event === 'message.created' && m.data?.payload.messageId === first.body.id);
    expect(arrived.data?.payload).toMatchObject({ tradeId: proposed.body.id, messageId: first.body.id, senderId: carol.user.id });

    // Dave's browser drops; two more messages are posted through A meanwhile; he reconnects to B.
    onB.close();
    const second = await carol.post(chatUrl, { content: 'Hello?' });
    const third = await carol.post(chatUrl, { content: 'Shipping tomorrow.' });
    const resumed = await openSse(baseB, { cookie: dave.cookie, lastEventId: arrived.id ?? ready.id });
    open.push(resumed);
    const missed = [second.body.id, third.body.id];
    const got: number[] = [];
    for (const id of missed) {
      const event = await resumed.waitFor((m) => m.event === 'message.created' && m.data?.payload.messageId === id);
      got.push(Number(event.data?.payload.messageId));
    }
    expect(got).toEqual(missed);
    // Nothing before the resume point comes again.
    expect(resumed.messages.filter((m) => m.event === 'message.created' && m.data?.payload.messageId === first.body.id)).toEqual([]);
  });

  it('ends a stream held by instance B as soon as its session signs out through instance A', async () => {
    const { instanceA, appB } = instances();
    const erin = await signIn(instanceA.app, { email: 'erin-two@example.com', username: 'erin_two' });
    const onB = await openSse(await listenOnce(appB), { cookie: erin.cookie });
    open.push(onB);
    await onB.waitFor((m) => m.event === 'ready');
    const out = await erin.post('/api/logout', undefined, { origin: TEST_ORIGIN });
    expect(out.status).toBe(204);
    await onB.ended;
  });

  it('ends every stream of a member on instance B as soon as an admin suspends them through instance A', async () => {
    const { instanceA, appB } = instances();
    const boss = await signIn(instanceA.app, { email: 'boss-two@example.com', username: 'boss_two', role: 'admin' });
    const finn = await signIn(instanceA.app, { email: 'finn-two@example.com', username: 'finn_two' });
    const baseB = await listenOnce(appB);
    const streams = [await openSse(baseB, { cookie: finn.cookie }), await openSse(baseB, { cookie: finn.cookie })];
    open.push(...streams);
    for (const stream of streams) await stream.waitFor((m) => m.event === 'ready');
    const suspended = await boss.post(`/api/admin/users/${finn.user.id}/suspend`, { reason: 'Spam' });
    expect(suspended.status).toBe(200);
    await Promise.all(streams.map((stream) => stream.ended));
  });

  it(`counts a member's streams over both instances: the ${MAX_STREAMS_PER_USER + 1}th is refused on either`, async () => {
    const { instanceA, appB } = instances();
    const gil = await signIn(instanceA.app, { email: 'gil-two@example.com', username: 'gil_two' });
    const [baseA, baseB] = [await listenOnce(instanceA.app), await listenOnce(appB)];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await openSse(i % 2 === 0 ? baseA : baseB, { cookie: gil.cookie });
      open.push(stream);
      expect(stream.status).toBe(200);
      await stream.waitFor((m) => m.event === 'ready');
    }
    for (const base of [baseA, baseB]) {
      const refused = await openSse(base, { cookie: gil.cookie });
      open.push(refused);
      expect(refused.status).toBe(429);
    }
  });
});
