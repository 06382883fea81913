import { DAY_MS } from '@soleswap/contracts/time';
import { describe, expect, it } from 'vitest';
import { EMPTY_SIDE_MESSAGE, MAX_SNEAKERS_PER_SIDE } from '@soleswap/contracts/trades';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { TestClient, useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

describe('proposing a trade', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('creates a pending proposal that expires in 7 days and shows each side what it may do', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const before = Date.now();
    const res = await alice.post('/api/trades', proposal(alice, bob, { message: 'Fair swap?' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      escrowStatus: 'pending',
      proposerId: alice.user.id,
      receiverId: bob.user.id,
      proposerMessage: 'Fair swap?',
      myRole: 'proposer',
      allowedActions: ['cancel'],
      isUnavailable: false,
      counterparty: { id: bob.user.id, username: bob.user.username, reputation: '0.00', totalTrades: 0 },
      myRating: null,
      canRate: false,
    });
    expect(res.body.proposerSneakers.map((s: { id: number }) => s.id)).toEqual([alice.sneakers[0]!.id]);
    expect(res.body.receiverSneakers[0]).toMatchObject({ id: bob.sneakers[0]!.id, userId: bob.user.id });
    const expires = Date.parse(res.body.expiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(7 * DAY_MS + 5000);

    const seenByBob = await bob.get(`/api/trades/${res.body.id}`);
    expect(seenByBob.body).toMatchObject({ myRole: 'receiver', allowedActions: ['accept', 'reject', 'counter'] });
    expect(seenByBob.body.counterparty.id).toBe(alice.user.id);
  });

  it('refuses an empty side, too many sneakers, and a visitor', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const empty = await alice.post('/api/trades', { ...proposal(alice, bob), receiverSneakerIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.receiverSneakerIds).toBe(EMPTY_SIDE_MESSAGE);

    const many = Array.from({ length: MAX_SNEAKERS_PER_SIDE + 1 }, (_, i) => 1000 + i);
    const tooMany = await alice.post('/api/trades', { ...proposal(alice, bob), proposerSneakerIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');

    const visitor = await new TestClient(testApp().app).post('/api/trades', proposal(alice, bob));
    expect(visitor.status).toBe(401);
  });

  it('refuses a trade with yourself', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const res = await alice.post('/api/trades', {
      receiverId: alice.user.id,
      proposerSneakerIds: [alice.sneakers[0]!.id],
      receiverSneakerIds: [alice.sneakers[1]!.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot trade with yourself');
  });

  it('refuses an unknown receiver', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const res = await alice.post('/api/trades', {
      receiverId: '00000000-0000-4000-8000-000000000000',
      proposerSneakerIds: [alice.sneakers[0]!.id],
      receiverSneakerIds: [alice.sneakers[1]!.id],
    });
    expect(res.status).toBe(404);
  });

  it('refuses sneakers that are not the right side’s, hidden, or locked in escrow', async () => {
    const { ctx } = testApp();
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const carol = await buildUser(ctx);
    const carolsSneaker = await buildSneaker(ctx, { userId: carol.id });

    const notMine = await alice.post('/api/trades', proposal(alice, bob, { give: [bob.sneakers[1]!.id] }));
    expect(notMine.status).toBe(400);
    expect(notMine.body.fields.proposerSneakerIds).toMatch(/not yours/);

    const notTheirs = await alice.post('/api/trades', proposal(alice, bob, { take: [carolsSneaker.id] }));
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.fields.receiverSneakerIds).toMatch(/not the other member/);

    const hidden = await buildSneaker(ctx, { userId: bob.user.id, name: 'Yeezy 350 Zebra', isAvailableForTrade: false });
    const hiddenRes = await alice.post('/api/trades', proposal(alice, bob, { take: [hidden.id] }));
    expect(hiddenRes.status).toBe(400);
    expect(hiddenRes.body.message).toBe('Yeezy 350 Zebra is not available for trade');

    const locked = await buildSneaker(ctx, { userId: bob.user.id, name: 'Dunk Low Panda' });
    await buildTrade(ctx, {
      proposerId: carol.id,
      receiverId: bob.user.id,
      proposerSneakerIds: [carolsSneaker.id],
      receiverSneakerIds: [locked.id],
      status: 'accepted',
    });
    const lockedRes = await alice.post('/api/trades', proposal(alice, bob, { take: [locked.id] }));
    expect(lockedRes.status).toBe(409);
    expect(lockedRes.body).toMatchObject({ code: 'SNEAKER_LOCKED', message: 'Dunk Low Panda is no longer available: it is locked in another trade' });
  });
});

describe('countering a trade', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('marks the original countered and creates a pending trade the other way round', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const original = (await alice.post('/api/trades', proposal(alice, bob))).body;

    const res = await bob.post(`/api/trades/${original.id}/counter`, {
      proposerSneakerIds: [bob.sneakers[1]!.id],
      receiverSneakerIds: [alice.sneakers[0]!.id, alice.sneakers[1]!.id],
      proposerMessage: 'Both of yours for my other pair',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      parentTradeId: original.id,
      proposerId: bob.user.id,
      receiverId: alice.user.id,
      proposerSneakerIds: [bob.sneakers[1]!.id],
      receiverSneakerIds: [alice.sneakers[0]!.id, alice.sneakers[1]!.id],
      myRole: 'proposer',
    });
    expect((await alice.get(`/api/trades/${original.id}`)).body).toMatchObject({ status: 'countered', allowedActions: [] });
    expect((await alice.get(`/api/trades/${res.body.id}`)).body.allowedActions).toEqual(['accept', 'reject', 'counter']);
  });

  it('lets only the receiver counter, and keeps the original pending when the counter breaks a rule', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const original = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const body = { proposerSneakerIds: [alice.sneakers[1]!.id], receiverSneakerIds: [bob.sneakers[1]!.id] };

    const byProposer = await alice.post(`/api/trades/${original.id}/counter`, body);
    expect(byProposer.status).toBe(403);
    expect(byProposer.body.code).toBe('FORBIDDEN');

    // Seen from Bob, the counter-proposer, these sides are the wrong way round.
    const wrongSides = await bob.post(`/api/trades/${original.id}/counter`, body);
    expect(wrongSides.status).toBe(400);
    expect((await bob.get(`/api/trades/${original.id}`)).body.status).toBe('pending');
  });
});
