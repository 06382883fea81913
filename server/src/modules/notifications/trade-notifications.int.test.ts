import { DAY_MS } from '@soleswap/contracts/time';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { sweepTradeDeadlines } from '../trades/sweep-trade-deadlines';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';
import { kindsOf, notificationsOf } from './notifications.int-helpers';

describe('trade notifications', () => {
  const testApp = useTestApp();

  async function pair() {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    return { alice, bob };
  }

  it('tells the other party of each step of a trade, never the one who took it', async () => {
    const { alice, bob } = await pair();
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.proposed']);
    expect(await kindsOf(testApp(), alice)).toEqual([]);

    const [proposed] = (await notificationsOf(testApp(), bob)).items;
    expect(proposed).toMatchObject({
      text: `${alice.user.username} proposed a trade (#${trade.id})`,
      link: `/trades?trade=${trade.id}`,
      isRead: false,
    });

    expect((await bob.post(`/api/trades/${trade.id}/accept`)).status).toBe(200);
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.accepted']);
    await chooseShipTos(trade.id, alice, bob);

    await alice.post(`/api/trades/${trade.id}/ship`, shipBody());
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.shipped', 'trade.proposed']);
    await bob.post(`/api/trades/${trade.id}/ship`, shipBody());
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.shipped', 'trade.accepted']);

    await alice.post(`/api/trades/${trade.id}/receive`);
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.received', 'trade.shipped', 'trade.proposed']);
    const done = await bob.post(`/api/trades/${trade.id}/receive`);
    expect(done.body.status).toBe('completed');
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.completed', 'trade.shipped', 'trade.accepted']);

    // Rating tells nobody.
    await alice.post(`/api/trades/${trade.id}/rate`, { score: 5 });
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.received', 'trade.shipped', 'trade.proposed']);
  });

  it('rejected, cancelled and countered go to the other party; a counter links to the new offer', async () => {
    const { alice, bob } = await pair();
    const first = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${first.id}/reject`);
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.rejected']);

    const second = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await alice.post(`/api/trades/${second.id}/cancel`);
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.cancelled', 'trade.proposed', 'trade.proposed']);

    const third = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const countered = await bob.post(`/api/trades/${third.id}/counter`, {
      proposerSneakerIds: [bob.sneakers[1]!.id],
      receiverSneakerIds: [alice.sneakers[1]!.id],
    });
    expect(countered.status).toBe(201);
    const aliceSees = await notificationsOf(testApp(), alice);
    expect(aliceSees.items.map((n) => n.kind)).toEqual(['trade.countered', 'trade.rejected']);
    const counterId = aliceSees.items[0]!.link.split('=')[1];
    expect(Number(counterId)).not.toBe(third.id);
    expect((await alice.get(`/api/trades/${counterId}`)).body).toMatchObject({ parentTradeId: third.id, status: 'pending' });
    // Bob made the counter: he hears nothing of it.
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.proposed', 'trade.cancelled', 'trade.proposed', 'trade.proposed']);
  });

  it('disputes go to the other party; an admin resolution and a mutual cancel request reach both or the other', async () => {
    const { alice, bob } = await pair();
    const admin = await signIn(testApp().app, { email: `admin-${Date.now()}@example.com`, username: `admin${Date.now()}`, role: 'admin' });
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${trade.id}/accept`);
    await bob.post(`/api/trades/${trade.id}/dispute`, { reason: 'Never heard back' });
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.disputed', 'trade.accepted']);
    expect((await admin.post(`/api/trades/${trade.id}/resolve`, { outcome: 'cancelled' })).status).toBe(200);
    expect((await kindsOf(testApp(), alice))[0]).toBe('trade.resolved');
    expect((await kindsOf(testApp(), bob))[0]).toBe('trade.resolved');
    expect(await kindsOf(testApp(), admin)).toEqual([]);

    const other = (await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id], take: [bob.sneakers[1]!.id] }))).body;
    await bob.post(`/api/trades/${other.id}/accept`);
    await alice.post(`/api/trades/${other.id}/cancel`);
    const [request] = (await notificationsOf(testApp(), bob)).items;
    expect(request).toMatchObject({ kind: 'trade.cancelled', text: `${alice.user.username} asked to cancel trade #${other.id}` });
  });

  it('an expired proposal tells both parties', async () => {
    const { alice, bob } = await pair();
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 7.1 * DAY_MS);
    try {
      expect((await sweepTradeDeadlines(ctx)).expired).toContain(trade.id);
    } finally {
      ctx.now = realNow;
    }
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.expired']);
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.expired', 'trade.proposed']);
  });
});
