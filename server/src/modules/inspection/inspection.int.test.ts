import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, sneakers } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { CENTRE_ENV, forwardBody, VERDICT, inspector, tradeAtCentre } from './inspection.int-helpers';
import { sweepInspectionDeadlines } from './sweep-inspection-deadlines';
import { kindsOf } from '../notifications/notifications.int-helpers';

describe('a trade via the authentication centre', () => {
  const testApp = useTestApp(CENTRE_ENV);
  expectLedgerValidAfterAll(testApp);

  const ownerOf = async (sneakerId: number) => (await testApp().ctx.db.select().from(sneakers).where(eq(sneakers.id, sneakerId)))[0]!.userId;
  const inspectEntries = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId))).filter((e) => e.event === 'inspect');

  it('goes accept → ship to the centre → received → both passed → both forwarded → completed', async () => {
    const { alice, bob, tradeId, alicePair, bobPair } = await tradeAtCentre(testApp());
    const centre = await inspector(testApp());

    const journey = await bob.get(`/api/trades/${tradeId}/inspection`);
    expect(journey.body.centre.lines).toEqual(['SoleSwap Authentication Centre', '1 Warehouse Way', 'Newark, NJ 07102', 'US']);
    expect(journey.body.pairs.map((p: { status: string }) => p.status)).toEqual(['awaiting_arrival', 'awaiting_arrival']);
    expect((await bob.get(`/api/trades/${tradeId}`)).body).toMatchObject({ viaAuthentication: true, status: 'accepted' });
    // The members do not confirm receipt: the centre forwards.
    expect((await bob.get(`/api/trades/${tradeId}`)).body.allowedActions).not.toContain('receive');
    expect((await bob.post(`/api/trades/${tradeId}/receive`)).body.code).toBe('TRADE_INVALID_TRANSITION');

    const queue = await centre.get('/api/inspection/queue?status=awaiting_arrival&limit=50');
    const item = queue.body.items.find((i: { id: number }) => i.id === alicePair);
    expect(item).toMatchObject({ tradeId, side: 'proposer', allowedActions: ['receive'], inboundTracking: { carrier: 'ups' } });
    expect(item.sneakers[0]).toMatchObject({ id: alice.sneakers[0]!.id, photos: expect.any(Array) });
    expect(JSON.stringify(queue.body)).not.toContain('Warehouse');

    for (const pair of [alicePair, bobPair]) expect((await centre.post(`/api/inspection/pairs/${pair}/receive`)).body.status).toBe('received');
    // No address before the pair is ready to go.
    expect((await centre.get(`/api/inspection/pairs/${alicePair}/destination`)).status).toBe(409);
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/pass`, VERDICT)).body).toMatchObject({ status: 'passed', notes: VERDICT.notes });
    // One pair passed: it waits for the other, so nobody ever holds both.
    const early = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwardBody());
    expect(early.body).toMatchObject({ code: 'INSPECTION_INVALID_TRANSITION' });
    expect((await centre.post(`/api/inspection/pairs/${bobPair}/pass`, VERDICT)).body.allowedActions).toEqual(['forward']);

    expect((await centre.get(`/api/inspection/pairs/${alicePair}/destination`)).body).toMatchObject({ pairId: alicePair, to: 'recipient' });
    const first = await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwardBody());
    expect(first.body).toMatchObject({ status: 'forwarded', forwardedTo: 'recipient', forwardTracking: { carrier: 'fedex' } });
    expect((await alice.get(`/api/trades/${tradeId}`)).body.status).toBe('accepted');

    expect((await centre.post(`/api/inspection/pairs/${bobPair}/forward`, forwardBody())).body.status).toBe('forwarded');
    expect((await alice.get(`/api/trades/${tradeId}`)).body).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(await ownerOf(alice.sneakers[0]!.id)).toBe(bob.user.id);
    expect(await ownerOf(bob.sneakers[0]!.id)).toBe(alice.user.id);

    const followed = (await alice.get(`/api/trades/${tradeId}/inspection`)).body.pairs;
    expect(followed.every((p: { receivedAt: string; decidedAt: string; forwardedAt: string }) => p.receivedAt && p.decidedAt && p.forwardedAt)).toBe(
      true,
    );
    expect((await inspectEntries(tradeId)).length).toBe(6);
    await testApp().ctx.events.idle();
    const told = await testApp().ctx.db.select().from(notifications).where(eq(notifications.userId, alice.user.id));
    expect(told.filter((n) => n.kind === 'trade.inspection').length).toBe(6);
    // The bell lists the centre's last step before the completion it caused, newest first.
    expect((await kindsOf(testApp(), alice)).slice(0, 2)).toEqual(['trade.completed', 'trade.inspection']);
  });

  it('fails the trade on a failed pair: cancelled, escrow refunded, each pair sent back to its owner', async () => {
    const { alice, bob, tradeId, alicePair, bobPair } = await tradeAtCentre(testApp());
    const centre = await inspector(testApp());
    for (const pair of [alicePair, bobPair]) await centre.post(`/api/inspection/pairs/${pair}/receive`);
    await centre.post(`/api/inspection/pairs/${bobPair}/pass`, VERDICT);

    const failed = await centre.post(`/api/inspection/pairs/${alicePair}/fail`, { notes: 'The size tag does not match the listing.' });
    expect(failed.body).toMatchObject({ status: 'failed', allowedActions: ['forward'] });
    expect((await bob.get(`/api/trades/${tradeId}`)).body).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded' });

    expect((await centre.post(`/api/inspection/pairs/${bobPair}/forward`, { trackingNumber: 'TRACK-1' })).status).toBe(400);
    expect((await centre.get(`/api/inspection/pairs/${bobPair}/destination`)).body.to).toBe('owner');
    expect((await centre.post(`/api/inspection/pairs/${bobPair}/forward`, forwardBody())).body).toMatchObject({ forwardedTo: 'owner' });
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwardBody())).body).toMatchObject({ forwardedTo: 'owner' });
    expect(await ownerOf(alice.sneakers[0]!.id)).toBe(alice.user.id);
    expect(await ownerOf(bob.sneakers[0]!.id)).toBe(bob.user.id);
    // The freed pairs can be traded again.
    expect((await alice.post('/api/trades', proposal(alice, bob))).status).toBe(201);
  });

  it('lets the receiving member decide on a quality issue, and declines it for them when they stay silent', async () => {
    const { alice, bob, tradeId, alicePair, bobPair } = await tradeAtCentre(testApp());
    const centre = await inspector(testApp());
    for (const pair of [alicePair, bobPair]) await centre.post(`/api/inspection/pairs/${pair}/receive`);
    await centre.post(`/api/inspection/pairs/${alicePair}/quality-issue`, { notes: 'A small scuff on the left toe box.' });

    const seen = (await bob.get(`/api/trades/${tradeId}/inspection`)).body.pairs.find((p: { id: number }) => p.id === alicePair);
    expect(seen).toMatchObject({
      status: 'quality_issue',
      notes: 'A small scuff on the left toe box.',
      allowedActions: ['accept-issue', 'decline-issue'],
    });
    // Only bob, who would receive the pair, answers.
    expect((await alice.post(`/api/inspection/pairs/${alicePair}/accept-issue`)).status).toBe(404);
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/accept-issue`)).status).toBe(403);
    expect((await bob.post(`/api/inspection/pairs/${alicePair}/accept-issue`)).body.status).toBe('passed');

    await centre.post(`/api/inspection/pairs/${bobPair}/quality-issue`, { notes: 'Creasing beyond the listed condition.' });
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 4 * DAY_MS);
    try {
      expect((await sweepInspectionDeadlines(ctx)).declined).toContain(bobPair);
    } finally {
      ctx.now = realNow;
    }
    expect((await alice.get(`/api/trades/${tradeId}`)).body.status).toBe('cancelled');
  });

  it('keeps members out of the inspectors’ routes, and inspectors out of addresses they do not need', async () => {
    const { alice, bob, tradeId, alicePair } = await tradeAtCentre(testApp(), { ship: false });
    const centre = await inspector(testApp());
    const stranger = await memberWithSneakers(testApp(), 'carol', 0);
    for (const member of [alice, bob, stranger]) {
      expect((await member.get('/api/inspection/queue')).status).toBe(403);
      expect((await member.get(`/api/inspection/pairs/${alicePair}/destination`)).status).toBe(403);
    }
    // Alice owns the pair and bob would receive it: neither judges it; a stranger learns nothing.
    expect((await alice.post(`/api/inspection/pairs/${alicePair}/receive`)).status).toBe(404);
    expect((await bob.post(`/api/inspection/pairs/${alicePair}/receive`)).status).toBe(403);
    expect((await stranger.post(`/api/inspection/pairs/${alicePair}/receive`)).status).toBe(404);
    expect((await stranger.get(`/api/trades/${tradeId}/inspection`)).status).toBe(404);
    // The inspector reads no trade, no ship-to and no member journey page.
    expect((await centre.get(`/api/trades/${tradeId}/ship-to`)).status).toBe(404);
    expect((await centre.get(`/api/trades/${tradeId}`)).status).toBe(404);
    expect((await centre.get(`/api/trades/${tradeId}/inspection`)).status).toBe(404);
  });

  it('fails the trade when a pair never reaches the centre', async () => {
    const { alice, tradeId, bobPair } = await tradeAtCentre(testApp(), { ship: false });
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 13 * DAY_MS);
    try {
      expect((await sweepInspectionDeadlines(ctx)).expired).toContain(bobPair);
    } finally {
      ctx.now = realNow;
    }
    expect((await alice.get(`/api/trades/${tradeId}`)).body).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded' });
  });
});

describe('which trades go via authentication', () => {
  const testApp = useTestApp({ ...CENTRE_ENV, AUTHENTICATION_REQUIRED_ABOVE_CENTS: '0' });

  it('routes a trade above the operator’s value through the centre whatever the members chose, and opens both pairs at acceptance', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: false });
    expect(proposed.body.viaAuthentication).toBe(true);
    await chooseShipTos(proposed.body.id as number, alice, bob);
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    expect((await alice.get(`/api/trades/${proposed.body.id}/inspection`)).body.pairs).toHaveLength(2);
  });
});

describe('a server without an authentication centre', () => {
  const testApp = useTestApp();

  it('refuses a trade via authentication with a 400 and stores nothing', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const res = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: true });
    expect(res.status).toBe(400);
    expect(res.body.fields.viaAuthentication).toContain('no authentication centre');
    expect((await alice.get('/api/trades')).body).toEqual([]);
    const plain = await alice.post('/api/trades', proposal(alice, bob));
    expect(plain.body.viaAuthentication).toBe(false);
  });
});
