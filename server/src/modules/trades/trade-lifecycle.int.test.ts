import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, sneakers, users } from '../../db/schema/index';
import { TestClient, useTestApp } from '../../../test/test-app';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

describe('the trade lifecycle', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** Alice proposes her first sneaker for Bob's first; returns both and the trade. */
  async function pendingTrade(aliceCount = 2, bobCount = 2) {
    const alice = await memberWithSneakers(testApp(), 'alice', aliceCount);
    const bob = await memberWithSneakers(testApp(), 'bob', bobCount);
    const res = await alice.post('/api/trades', proposal(alice, bob));
    expect(res.status).toBe(201);
    return { alice, bob, trade: res.body };
  }

  async function acceptedTrade() {
    const setup = await pendingTrade();
    const res = await setup.bob.post(`/api/trades/${setup.trade.id}/accept`);
    expect(res.status).toBe(200);
    await chooseShipTos(setup.trade.id, setup.alice, setup.bob);
    return { ...setup, trade: res.body };
  }

  const lockRows = (tradeId: number) => testApp().ctx.db.select().from(escrowLocks).where(eq(escrowLocks.tradeId, tradeId));
  const ledgerOf = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(ledgerEntries.id)).map((e) => e.event);
  const ownerOf = async (sneakerId: number) =>
    (await testApp().ctx.db.select({ userId: sneakers.userId }).from(sneakers).where(eq(sneakers.id, sneakerId)))[0]!.userId;

  it('accepts: locks both sides in escrow, records the lock on the ledger and sets the ship deadline', async () => {
    const { alice, bob, trade } = await pendingTrade();
    const before = Date.now();
    const res = await bob.post(`/api/trades/${trade.id}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', escrowStatus: 'locked', allowedActions: ['cancel', 'ship', 'dispute'] });
    expect(Date.parse(res.body.shipBy) - before).toBeGreaterThanOrEqual(5 * DAY_MS - 1000);
    expect(Date.parse(res.body.shipBy) - before).toBeLessThan(5 * DAY_MS + 5000);
    expect((await lockRows(trade.id)).map((l) => l.sneakerId).sort()).toEqual([alice.sneakers[0]!.id, bob.sneakers[0]!.id].sort());

    const entry = await new TestClient(testApp().app).get(`/api/ledger/entries/${res.body.blockchainTxHash}`);
    expect(entry.status).toBe(200);
    expect(entry.body.entry).toMatchObject({ event: 'lock', hash: res.body.blockchainTxHash });
    expect(entry.body.verification.valid).toBe(true);
  });

  it('answers a stranger 404 and the proposer trying to accept 403, and lets an admin read', async () => {
    const { alice, trade } = await pendingTrade();
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    expect((await eve.get(`/api/trades/${trade.id}`)).status).toBe(404);
    expect((await eve.post(`/api/trades/${trade.id}/accept`)).status).toBe(404);
    expect((await eve.get('/api/trades/999999')).status).toBe(404);
    expect((await eve.get('/api/trades/not-a-number')).status).toBe(404);

    const byProposer = await alice.post(`/api/trades/${trade.id}/accept`);
    expect(byProposer.status).toBe(403);
    expect(byProposer.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only the receiver can accept this trade' });

    // Only the parties read a trade; an admin sees it once it is disputed (to resolve it).
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    expect((await admin.get(`/api/trades/${trade.id}`)).status).toBe(404);
    expect((await admin.post(`/api/trades/${trade.id}/reject`)).status).toBe(404);
  });

  it('rejects, after which nothing more can happen', async () => {
    const { alice, bob, trade } = await pendingTrade();
    const rejected = await bob.post(`/api/trades/${trade.id}/reject`);
    expect(rejected.body).toMatchObject({ status: 'rejected', allowedActions: [] });
    expect(rejected.body.closedAt).not.toBeNull();
    const again = await bob.post(`/api/trades/${trade.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRADE_INVALID_TRANSITION');
    expect((await alice.post(`/api/trades/${trade.id}/cancel`)).status).toBe(409);
  });

  it('lets the proposer withdraw a pending trade, but not the receiver', async () => {
    const { alice, bob, trade } = await pendingTrade();
    const byReceiver = await bob.post(`/api/trades/${trade.id}/cancel`);
    expect(byReceiver.status).toBe(403);
    const res = await alice.post(`/api/trades/${trade.id}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', escrowStatus: 'pending' });
    expect(await ledgerOf(trade.id)).toEqual([]);
  });

  it('keeps the spec’s PUT /api/trades/:id as a synonym of accept and reject', async () => {
    const first = await pendingTrade();
    const accepted = await first.bob.put(`/api/trades/${first.trade.id}`, { status: 'accepted', escrowStatus: 'locked' });
    expect(accepted.body).toMatchObject({ status: 'accepted', escrowStatus: 'locked' });
    const second = await pendingTrade();
    const rejected = await second.bob.put(`/api/trades/${second.trade.id}`, { status: 'rejected' });
    expect(rejected.body.status).toBe('rejected');
    const byProposer = await second.alice.put(`/api/trades/${second.trade.id}`, { status: 'completed' });
    expect(byProposer.status).toBe(400);
  });

  it('trades end to end: ship, receive, complete, swap owners, count trades, rate once', async () => {
    const { alice, bob, trade } = await acceptedTrade();
    const [aliceShoe, bobShoe] = [alice.sneakers[0]!.id, bob.sneakers[0]!.id];

    const early = await alice.post(`/api/trades/${trade.id}/receive`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You can confirm receipt once the other side has shipped');
    expect((await alice.post(`/api/trades/${trade.id}/rate`, { score: 5 })).status).toBe(409);

    const aliceParcel = shipBody();
    const shipped = await alice.post(`/api/trades/${trade.id}/ship`, aliceParcel);
    expect(shipped.body).toMatchObject({ status: 'accepted', proposerTrackingNumber: aliceParcel.trackingNumber });
    expect(shipped.body.allowedActions).toEqual(['cancel', 'dispute']);
    expect((await alice.post(`/api/trades/${trade.id}/ship`, shipBody())).body.message).toBe('You have already shipped your side');
    await bob.post(`/api/trades/${trade.id}/ship`, shipBody());

    const bobReceived = await bob.post(`/api/trades/${trade.id}/receive`);
    expect(bobReceived.body).toMatchObject({ status: 'accepted', escrowStatus: 'locked' });
    expect(await ownerOf(aliceShoe)).toBe(alice.user.id);

    const done = await alice.post(`/api/trades/${trade.id}/receive`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', escrowStatus: 'released', allowedActions: ['rate'], canRate: true });
    expect(done.body.completedAt).not.toBeNull();
    expect(await ownerOf(aliceShoe)).toBe(bob.user.id);
    expect(await ownerOf(bobShoe)).toBe(alice.user.id);
    expect(await lockRows(trade.id)).toEqual([]);
    expect(done.body.counterparty.totalTrades).toBe(1);
    expect((await alice.get('/api/auth/user')).body.totalTrades).toBe(1);
    expect(await ledgerOf(trade.id)).toEqual(['lock', 'ship', 'ship', 'receive', 'receive', 'release']);

    const badScore = await alice.post(`/api/trades/${trade.id}/rate`, { score: 6 });
    expect(badScore.status).toBe(400);
    const rated = await alice.post(`/api/trades/${trade.id}/rate`, { score: 4, comment: 'Smooth' });
    expect(rated.body).toMatchObject({ myRating: { score: 4, comment: 'Smooth' }, canRate: false, allowedActions: [] });
    const twice = await alice.post(`/api/trades/${trade.id}/rate`, { score: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already rated this trade');
    await bob.post(`/api/trades/${trade.id}/rate`, { score: 5 });
    expect((await bob.get(`/api/users/${bob.user.id}`)).body.reputation).toBe('4.00');
    expect((await alice.get(`/api/users/${alice.user.id}`)).body.reputation).toBe('5.00');
  });

  it('makes reputation the mean of every rating received, to two decimals', async () => {
    const { ctx } = testApp();
    const bob = await memberWithSneakers(testApp(), 'bob', 3);
    for (const [i, score] of [5, 4, 4].entries()) {
      const alice = await memberWithSneakers(testApp(), 'alice', 1);
      const { body } = await alice.post('/api/trades', proposal(alice, bob, { take: [bob.sneakers[i]!.id] }));
      await bob.post(`/api/trades/${body.id}/accept`);
      await chooseShipTos(body.id, alice, bob);
      await alice.post(`/api/trades/${body.id}/ship`, shipBody());
      await bob.post(`/api/trades/${body.id}/ship`, shipBody());
      await alice.post(`/api/trades/${body.id}/receive`);
      await bob.post(`/api/trades/${body.id}/receive`);
      expect((await alice.post(`/api/trades/${body.id}/rate`, { score })).status).toBe(200);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(row).toMatchObject({ reputation: '4.33', totalTrades: 3 });
  });

  it('cancels an accepted trade only when both sides ask, and refunds the escrow', async () => {
    const { alice, bob, trade } = await acceptedTrade();
    const asked = await alice.post(`/api/trades/${trade.id}/cancel`);
    expect(asked.body.status).toBe('accepted');
    expect(asked.body.proposerCancelRequestedAt).not.toBeNull();
    expect(asked.body.allowedActions).not.toContain('cancel');
    expect((await alice.post(`/api/trades/${trade.id}/cancel`)).status).toBe(409);

    const both = await bob.post(`/api/trades/${trade.id}/cancel`);
    expect(both.body).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded', allowedActions: [] });
    expect(await lockRows(trade.id)).toEqual([]);
    expect(await ownerOf(alice.sneakers[0]!.id)).toBe(alice.user.id);
    expect(await ledgerOf(trade.id)).toEqual(['lock', 'refund']);
  });

  it('disputes with a reason, and only an admin resolves: completed swaps, cancelled refunds', async () => {
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const first = await acceptedTrade();
    const noReason = await first.bob.post(`/api/trades/${first.trade.id}/dispute`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    const disputed = await first.bob.post(`/api/trades/${first.trade.id}/dispute`, { reason: 'Box was empty' });
    expect(disputed.body).toMatchObject({ status: 'disputed', disputeReason: 'Box was empty', disputedById: first.bob.user.id, allowedActions: [] });

    const byParty = await first.bob.post(`/api/trades/${first.trade.id}/resolve`, { outcome: 'completed' });
    expect(byParty.status).toBe(403);
    expect((await admin.get(`/api/trades/${first.trade.id}`)).body.allowedActions).toEqual(['resolve']);
    const queue = await admin.get('/api/admin/disputes');
    expect(queue.body.map((t: { id: number }) => t.id)).toContain(first.trade.id);
    expect((await first.bob.get('/api/admin/disputes')).status).toBe(403);
    const badOutcome = await admin.post(`/api/trades/${first.trade.id}/resolve`, { outcome: 'maybe' });
    expect(badOutcome.status).toBe(400);
    const resolved = await admin.post(`/api/trades/${first.trade.id}/resolve`, { outcome: 'completed' });
    expect(resolved.body).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(await ownerOf(first.alice.sneakers[0]!.id)).toBe(first.bob.user.id);
    expect(await ledgerOf(first.trade.id)).toEqual(['lock', 'dispute', 'release']);

    const second = await acceptedTrade();
    await second.alice.post(`/api/trades/${second.trade.id}/dispute`, { reason: 'Never shipped' });
    const refunded = await admin.post(`/api/trades/${second.trade.id}/resolve`, { outcome: 'cancelled' });
    expect(refunded.body).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded' });
    expect(await ownerOf(second.alice.sneakers[0]!.id)).toBe(second.alice.user.id);
    expect(await lockRows(second.trade.id)).toEqual([]);
    expect(await ledgerOf(second.trade.id)).toEqual(['lock', 'dispute', 'refund']);
  });

  it('never lets an admin resolve a dispute about their own trade', async () => {
    const judge = await memberWithSneakers(testApp(), 'judge', 1, 'admin');
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await judge.post('/api/trades', proposal(judge, bob))).body;
    await bob.post(`/api/trades/${trade.id}/accept`);
    await bob.post(`/api/trades/${trade.id}/dispute`, { reason: 'Wrong size in the box' });

    const own = await judge.get(`/api/trades/${trade.id}`);
    expect(own.body.allowedActions).not.toContain('resolve');
    const attempt = await judge.post(`/api/trades/${trade.id}/resolve`, { outcome: 'completed' });
    expect(attempt.status).toBe(403);
    expect((await judge.get(`/api/trades/${trade.id}`)).body.status).toBe('disputed');
  });

  it('marks other pending trades holding a now-locked sneaker unavailable, and refuses to accept them', async () => {
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const carol = await memberWithSneakers(testApp(), 'carol', 1);
    const fromAlice = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const fromCarol = (await carol.post('/api/trades', proposal(carol, bob))).body;
    await bob.post(`/api/trades/${fromAlice.id}/accept`);

    const blocked = (await bob.get(`/api/trades/${fromCarol.id}`)).body;
    expect(blocked).toMatchObject({ status: 'pending', isUnavailable: true, allowedActions: ['reject', 'counter'] });
    expect((await carol.get(`/api/trades/${fromCarol.id}`)).body.isUnavailable).toBe(true);
    const res = await bob.post(`/api/trades/${fromCarol.id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'SNEAKER_LOCKED',
      message: `${bob.sneakers[0]!.name} is no longer available: it is locked in another trade`,
    });
    expect((await bob.get(`/api/trades/${fromCarol.id}`)).body.status).toBe('pending');
  });

  it('lists the caller’s trades newest first with both sides and the counterparty', async () => {
    const dave = await memberWithSneakers(testApp(), 'dave', 2);
    const erin = await memberWithSneakers(testApp(), 'erin', 2);
    const first = (await dave.post('/api/trades', proposal(dave, erin))).body;
    const second = (await erin.post('/api/trades', proposal(erin, dave, { give: [erin.sneakers[1]!.id], take: [dave.sneakers[1]!.id] }))).body;
    const list = await dave.get('/api/trades');
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    expect(list.body[0]).toMatchObject({ myRole: 'receiver', allowedActions: ['accept', 'reject', 'counter'] });
    expect(list.body[1]).toMatchObject({ myRole: 'proposer', counterparty: { id: erin.user.id } });
    expect(list.body[1].receiverSneakers[0].name).toBe(erin.sneakers[0]!.name);
    expect((await new TestClient(testApp().app).get('/api/trades')).status).toBe(401);
  });
});
