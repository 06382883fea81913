import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, sneakers } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { withClockAhead } from '../../../test/clock';
import { sweepTradeDeadlines } from './sweep-trade-deadlines';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

/** Received means received (docs/rules/trades.md#deadlines): the default 7 transit days + 3 days to confirm. */
describe('a receipt nobody confirms in time', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** Runs the deadline sweep as if `days` had passed. */
  const sweepAfter = (days: number) => withClockAhead(testApp().ctx, days, () => sweepTradeDeadlines(testApp().ctx));

  /** An accepted trade between two new members, both sides shipped. */
  async function shippedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${trade.id}/accept`);
    await chooseShipTos(trade.id, alice, bob);
    for (const m of [alice, bob]) expect((await m.post(`/api/trades/${trade.id}/ship`, shipBody())).status).toBe(200);
    return { alice, bob, trade };
  }

  it('is confirmed by the system once delivery was due and the days to confirm passed, completing the trade', async () => {
    const { ctx } = testApp();
    const { alice, bob, trade } = await shippedTrade();
    await alice.post(`/api/trades/${trade.id}/receive`);

    const seen = (await bob.get(`/api/trades/${trade.id}`)).body;
    const receiveBy = new Date(seen.receiverReceiveBy).getTime();
    expect(receiveBy - new Date(seen.proposerShippedAt).getTime()).toBe(10 * DAY_MS);
    expect(seen.proposerReceiveBy).toEqual(expect.any(String));

    expect((await sweepAfter(9.9)).autoReceived).not.toContain(trade.id);
    expect((await bob.get(`/api/trades/${trade.id}`)).body).toMatchObject({ status: 'accepted', receiverReceivedAt: null });

    expect((await sweepAfter(10.1)).autoReceived).toContain(trade.id);
    const after = (await bob.get(`/api/trades/${trade.id}`)).body;
    expect(after).toMatchObject({ status: 'completed', escrowStatus: 'released', receiverReceivedAt: expect.any(String) });
    expect(after.allowedActions).toEqual(['rate']);
    expect(await ctx.db.select().from(escrowLocks).where(eq(escrowLocks.tradeId, trade.id))).toEqual([]);
    const [aliceSneaker] = await ctx.db.select({ userId: sneakers.userId }).from(sneakers).where(eq(sneakers.id, alice.sneakers[0]!.id));
    expect(aliceSneaker!.userId).toBe(bob.user.id);

    const events = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, trade.id)).orderBy(ledgerEntries.id);
    expect(events.map((e) => [e.event, e.payload]).slice(-2)).toEqual([
      ['receive', { side: 'receiver', automatic: true }],
      ['release', expect.anything()],
    ]);

    // Both parties hear it, the one who never confirmed included.
    await ctx.events.idle();
    for (const member of [alice, bob]) {
      const items = (await member.get('/api/notifications')).body.items as Array<{ kind: string; text: string }>;
      expect(items[0]).toMatchObject({ kind: 'trade.completed', text: expect.stringContaining('confirmed automatically') });
    }
  });

  it('confirms each overdue side; the trade stays open while the other parcel is not received yet', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${trade.id}/accept`);
    await chooseShipTos(trade.id, alice, bob);
    await alice.post(`/api/trades/${trade.id}/ship`, shipBody());
    // Bob ships two days later, so his parcel's receive-by is two days later too.
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 2 * DAY_MS);
    try {
      await bob.post(`/api/trades/${trade.id}/ship`, shipBody());
    } finally {
      ctx.now = realNow;
    }

    expect((await sweepAfter(11)).autoReceived).toContain(trade.id);
    expect((await alice.get(`/api/trades/${trade.id}`)).body).toMatchObject({
      status: 'accepted',
      receiverReceivedAt: expect.any(String),
      proposerReceivedAt: null,
    });
    // Alice can still confirm herself, which completes it.
    expect((await alice.post(`/api/trades/${trade.id}/receive`)).body.status).toBe('completed');
  });

  it('is left alone while a dispute is open', async () => {
    const { alice, bob, trade } = await shippedTrade();
    expect((await bob.post(`/api/trades/${trade.id}/dispute`, { reason: 'The box arrived empty' })).status).toBe(200);

    expect((await sweepAfter(30)).autoReceived).not.toContain(trade.id);
    expect((await alice.get(`/api/trades/${trade.id}`)).body).toMatchObject({
      status: 'disputed',
      proposerReceivedAt: null,
      receiverReceivedAt: null,
    });
  });
});
