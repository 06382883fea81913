import { and, eq, gt, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, matches } from '../../db/schema/index';
import { buildSneaker, buildTrade } from '../../../test/factories';
import { TestClient, useTestApp, type ApiResponse } from '../../../test/test-app';
import { acceptLoopAs, addWant, member, pairOf, releasesInSize10, type Member } from '../loops/loops.int-helpers';
import { notificationsOf } from '../notifications/notifications.int-helpers';
import { chooseShipTos, expectLedgerValidAfterAll, shipBody } from '../trades/trades.int-helpers';

/**
 * "A blocked member can reach the blocker by no route of the API": Ben tries every route that
 * names a member, their sneakers, their trades, conversations or loops, once after Ann blocked
 * him and once after he blocked her. What he tries is refused (403 BLOCKED, or 404 as for
 * something that does not exist), and Ann hears nothing of it: no notification, no live event.
 *
 * What a block leaves alone, on purpose: reading a public profile or one's own records (a
 * trade, a conversation, a loop one is part of), managing one's own block list, and the
 * trades and loops already in escrow, which go on to their end (both sides' pairs are held).
 *
 * Every route of the app (read from /api/openapi.json) with a path parameter under these
 * prefixes must have been called here, so a route added later cannot be missed.
 */
const TARGET_PREFIXES = ['/api/users/', '/api/sneakers/', '/api/trades/', '/api/trade-returns/', '/api/conversations/', '/api/loops/'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each([
  { blocker: 'ann' as const, title: 'Ann blocked Ben' },
  { blocker: 'ben' as const, title: 'Ben blocked Ann' },
])('a blocked member reaches the blocker by no route ($title)', ({ blocker }) => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  const called = new Set<string>();

  /** Calls a route as `who`, recording its template for the coverage check. */
  async function call(
    who: TestClient,
    method: Method,
    template: string,
    params: Record<string, string | number>,
    body?: unknown,
  ): Promise<ApiResponse> {
    called.add(`${method} ${template}`);
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
    return who.request(method, url, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
  }
  const expectRefused = (res: ApiResponse, what: string) => {
    expect([403, 404], `${what}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    expect(res.body.code, what).toBe(res.status === 403 ? 'BLOCKED' : 'NOT_FOUND');
  };
  /** What was never his to do (another member's pair): refused as for any stranger. */
  const expectNotHis = (res: ApiResponse, what: string) =>
    expect([403, 404], `${what}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  const expectStatus = (res: ApiResponse, status: number, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);

  let ann: Member;
  let ben: Member;
  let cy: Member;
  let admin: Member;
  let releases: number[];
  const ids = {
    accepted: 0,
    pending: 0,
    conversation: 0,
    activeLoop: 0,
    proposedLoop: 0,
    annPair: 0,
    benPair: 0,
    refunded: 0,
    benSends: 0,
    benGets: 0,
  };

  async function clear() {
    const run = await admin.post('/api/admin/loops/run');
    expectStatus(run, 200, 'clearing run');
    return run.body.loopIds as number[];
  }
  /** Ann owns `a`, Ben owns `b`, Cy owns `c`; each wants the next one's pair: a 3-loop of the three. */
  async function ring(a: number, b: number, c: number) {
    await pairOf(testApp(), ann, a);
    await pairOf(testApp(), ben, b);
    await pairOf(testApp(), cy, c);
    await addWant(ann, b);
    await addWant(ben, c);
    await addWant(cy, a);
    const [loopId] = await clear();
    expect(loopId).toBeDefined();
    return loopId!;
  }

  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
    ann = await member(testApp(), 'ann');
    ben = await member(testApp(), 'ben');
    cy = await member(testApp(), 'cy');
    admin = await member(testApp(), 'admin', 'admin');

    // Before the block: an accepted trade (in escrow), a pending one, a conversation, an active
    // loop and a proposed loop holding both.
    const annPairs = [await buildSneaker(testApp().ctx, { userId: ann.user.id }), await buildSneaker(testApp().ctx, { userId: ann.user.id })];
    const benPairs = [await buildSneaker(testApp().ctx, { userId: ben.user.id }), await buildSneaker(testApp().ctx, { userId: ben.user.id })];
    const accepted = await ben.post('/api/trades', {
      receiverId: ann.user.id,
      proposerSneakerIds: [benPairs[0]!.id],
      receiverSneakerIds: [annPairs[0]!.id],
    });
    expectStatus(accepted, 201, 'proposal');
    expectStatus(await ann.post(`/api/trades/${accepted.body.id}/accept`), 200, 'accept');
    await chooseShipTos(accepted.body.id, ann);
    const pending = await ann.post('/api/trades', {
      receiverId: ben.user.id,
      proposerSneakerIds: [annPairs[1]!.id],
      receiverSneakerIds: [benPairs[1]!.id],
    });
    expectStatus(pending, 201, 'second proposal');
    const conversation = await ben.post('/api/conversations', { userId: ann.user.id });
    expectStatus(conversation, 201, 'conversation');
    ids.accepted = accepted.body.id;
    ids.pending = pending.body.id;
    ids.conversation = conversation.body.id;

    // A trade refunded after both had shipped: each sends the other's pair back (docs/rules/trades.md#returns-after-a-refund).
    const refunded = await ben.post('/api/trades', {
      receiverId: ann.user.id,
      proposerSneakerIds: [(await buildSneaker(testApp().ctx, { userId: ben.user.id })).id],
      receiverSneakerIds: [(await buildSneaker(testApp().ctx, { userId: ann.user.id })).id],
    });
    ids.refunded = refunded.body.id;
    expectStatus(await ann.post(`/api/trades/${ids.refunded}/accept`), 200, 'accept the refunded trade');
    await chooseShipTos(ids.refunded, ann, ben);
    for (const who of [ann, ben]) expectStatus(await who.post(`/api/trades/${ids.refunded}/ship`, shipBody()), 200, 'ship the refunded trade');
    expectStatus(await ann.post(`/api/trades/${ids.refunded}/dispute`, { reason: 'Wrong pair' }), 200, 'dispute');
    expectStatus(await admin.post(`/api/trades/${ids.refunded}/resolve`, { outcome: 'cancelled', note: 'Both go back' }), 200, 'refund');
    const returns = (await ben.get(`/api/trades/${ids.refunded}/ruling`)).body.returns as Array<{ id: number; myRole: string }>;
    ids.benSends = returns.find((r) => r.myRole === 'sender')!.id;
    ids.benGets = returns.find((r) => r.myRole === 'owner')!.id;

    ids.activeLoop = await ring(releases[0]!, releases[1]!, releases[2]!);
    for (const who of [ann, ben, cy]) expectStatus(await acceptLoopAs(who, ids.activeLoop), 200, 'loop accept');
    ids.proposedLoop = await ring(releases[3]!, releases[4]!, releases[5]!);

    // Listings each would see if it were not for the block; Ann also wants what Ben will list.
    ids.annPair = (await pairOf(testApp(), ann, releases[6]!)).id;
    ids.benPair = (await pairOf(testApp(), ben, releases[7]!)).id;
    await addWant(ann, releases[7]!);

    const [from, to] = blocker === 'ann' ? [ann, ben] : [ben, ann];
    expectStatus(await from.post(`/api/users/${to.user.id}/block`), 200, 'block');
    await testApp().ctx.events.idle();
  }, 120_000);

  it('the block ended what was still only proposed between them, and left escrow alone', async () => {
    expect((await ann.get(`/api/trades/${ids.pending}`)).body.status).toBe('cancelled');
    expect((await ann.get(`/api/trades/${ids.accepted}`)).body.status).toBe('accepted');
    // The proposed loop ends for Cy too, who blocked nobody.
    expect((await cy.get(`/api/loops/${ids.proposedLoop}`)).body.status).toBe('cancelled');
    expect((await cy.get(`/api/loops/${ids.activeLoop}`)).body.status).toBe('active');
  });

  it('refuses every attempt of Ben to reach Ann, and Ann hears of none of them', async () => {
    const ctx = testApp().ctx;
    const before = await notificationsOf(testApp(), ann, '?limit=50');
    const { sinceLive } = (await ctx.db.select({ sinceLive: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) }).from(liveEvents))[0]!;
    const u = { id: ann.user.id, userId: ann.user.id };

    // A trade written behind the block's back, still pending: nothing can be done with it.
    const sneaky = await buildTrade(ctx, {
      proposerId: ann.user.id,
      receiverId: ben.user.id,
      proposerSneakerIds: [(await buildSneaker(ctx, { userId: ann.user.id })).id],
      receiverSneakerIds: [(await buildSneaker(ctx, { userId: ben.user.id })).id],
    });
    const sneakyOfBen = await buildTrade(ctx, {
      proposerId: ben.user.id,
      receiverId: ann.user.id,
      proposerSneakerIds: [(await buildSneaker(ctx, { userId: ben.user.id })).id],
      receiverSneakerIds: [(await buildSneaker(ctx, { userId: ann.user.id })).id],
    });
    const benSpare = await buildSneaker(ctx, { userId: ben.user.id });
    const annSpare = await buildSneaker(ctx, { userId: ann.user.id });

    // Members: trading, following, messaging.
    expectRefused(
      await ben.post('/api/trades', { receiverId: ann.user.id, proposerSneakerIds: [benSpare.id], receiverSneakerIds: [annSpare.id] }),
      'propose',
    );
    expectRefused(await call(ben, 'POST', '/api/users/{id}/follow', u), 'follow');
    expectRefused(await ben.post('/api/conversations', { userId: ann.user.id }), 'start a conversation');
    expectRefused(await call(ben, 'POST', '/api/conversations/{id}/messages', { id: ids.conversation }, { content: 'hi' }), 'direct message');
    expectRefused(await call(ben, 'POST', '/api/trades/{id}/messages', { id: ids.accepted }, { content: 'hi' }), 'trade chat in escrow');
    expectRefused(await call(ben, 'POST', '/api/loops/{id}/messages', { id: ids.activeLoop }, { content: 'hi' }), 'loop chat in escrow');
    expectRefused(await call(ben, 'POST', '/api/trades/{id}/messages', { id: sneaky.id }, { content: 'hi' }), 'trade chat of a pending trade');
    expectRefused(
      await call(
        ben,
        'POST',
        '/api/trades/{id}/counter',
        { id: sneaky.id },
        { proposerSneakerIds: [benSpare.id], receiverSneakerIds: [annSpare.id] },
      ),
      'counter',
    );

    expectRefused(
      await call(
        ben,
        'POST',
        '/api/trades/{id}/card',
        { id: sneakyOfBen.id },
        { cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' } },
      ),
      'another card for his pending proposal',
    );

    // The trade the block cancelled: answering it is refused (it has ended).
    for (const action of ['accept', 'reject', 'cancel'] as const) {
      const res = await call(ben, 'POST', `/api/trades/{id}/${action}`, { id: ids.pending });
      expect(res.status, action).toBe(409);
    }
    expect((await call(ben, 'PUT', '/api/trades/{id}', { id: ids.pending }, { status: 'accepted' })).status).toBe(409);

    // Loops: the proposed loop is refused (and stays ended); declining or disputing it too.
    expectRefused(await call(ben, 'POST', '/api/loops/{id}/accept', { id: ids.proposedLoop }), 'loop accept');
    expect((await call(ben, 'POST', '/api/loops/{id}/decline', { id: ids.proposedLoop })).status).toBe(409);
    expect((await call(ben, 'POST', '/api/loops/{id}/dispute', { id: ids.proposedLoop }, { reason: 'x' })).status).toBe(409);

    // Listings, both ways: browse, search, by id, the locker, one sneaker, its prices.
    for (const [viewer, owner, pair] of [
      [ben, ann, ids.annPair],
      [ann, ben, ids.benPair],
    ] as const) {
      const browse = await viewer.get('/api/sneakers?limit=100');
      expect(browse.body.map((s: { userId: string }) => s.userId)).not.toContain(owner.user.id);
      const publicList = await viewer.get('/api/sneakers/public?limit=100');
      expect(publicList.body.map((s: { userId: string }) => s.userId)).not.toContain(owner.user.id);
      expect((await viewer.get(`/api/sneakers?ids=${pair}`)).body).toEqual([]);
      expectRefused(await call(viewer, 'GET', '/api/sneakers/user/{userId}', { userId: owner.user.id }), 'locker');
      expectRefused(await call(viewer, 'GET', '/api/sneakers/{id}', { id: pair }), 'one sneaker');
      expectRefused(await call(viewer, 'GET', '/api/sneakers/{id}/prices', { id: pair }), 'price history');
    }
    // A stranger still sees both.
    expect((await cy.get(`/api/sneakers/${ids.annPair}`)).status).toBe(200);
    // Changing or verifying her pair was never his to do.
    expectNotHis(await call(ben, 'PUT', '/api/sneakers/{id}', { id: ids.annPair }, { isAvailableForTrade: false }), 'edit her pair');
    expectNotHis(await call(ben, 'DELETE', '/api/sneakers/{id}', { id: ids.annPair }), 'delete her pair');
    expectNotHis(await call(ben, 'POST', '/api/sneakers/{id}/verify', { id: ids.annPair }), 'verify her pair');
    expectNotHis(await call(ben, 'POST', '/api/sneakers/{id}/appeal', { id: ids.annPair }), 'appeal her pair');

    // Matching: Ben now wants Ann's pair and she wants his: no match is recorded, listed or told,
    // and the clearing does not swap them.
    await addWant(ben, releases[6]!);
    await ctx.events.idle();
    const recorded = await ctx.db
      .select()
      .from(matches)
      .where(
        or(
          and(eq(matches.userAId, ann.user.id), eq(matches.userBId, ben.user.id)),
          and(eq(matches.userAId, ben.user.id), eq(matches.userBId, ann.user.id)),
        ),
      );
    expect(recorded).toEqual([]);
    expect((await ben.get('/api/matches')).body.twoWay.map((m: { member: { id: string } }) => m.member.id)).not.toContain(ann.user.id);
    expect((await ann.get('/api/matches')).body.twoWay.map((m: { member: { id: string } }) => m.member.id)).not.toContain(ben.user.id);
    const proposed = await clear();
    for (const loopId of proposed) {
      const members = (await admin.get(`/api/loops/${loopId}`)).body.members ?? [];
      expect(members.map((m: { id: string }) => m.id)).not.toEqual(expect.arrayContaining([ann.user.id, ben.user.id]));
    }
    expect((await ben.get('/api/loops')).body.map((l: { id: number }) => l.id).sort()).toEqual([ids.activeLoop, ids.proposedLoop].sort());

    // Events emitted just before the block but heard after it: dropped for Ann's bell.
    ctx.events.emit('follow.created', { followerId: ben.user.id, followingId: ann.user.id });
    ctx.events.emit('message.created', {
      tradeId: null,
      conversationId: ids.conversation,
      messageId: 1,
      senderId: ben.user.id,
      recipientIds: [ann.user.id],
    });
    // (No match is ever recorded between blocked members, as asserted above, so there is no match.found to replay.)

    const after = await notificationsOf(testApp(), ann, '?limit=50');
    expect(after.items).toEqual(before.items);
    const live = await ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, ann.user.id), gt(liveEvents.id, sinceLive)));
    expect(live).toEqual([]);
  });

  it('lets him read what is his own, manage his block list, and finish what is in escrow', async () => {
    const u = { id: ann.user.id };
    // A public profile and its lists reach nobody; the blocker needs the profile to unblock.
    for (const path of [
      '/api/users/{id}',
      '/api/users/{id}/stats',
      '/api/users/{id}/trades/history',
      '/api/users/{id}/followers',
      '/api/users/{id}/following',
    ]) {
      expectStatus(await call(ben, 'GET', path, u), 200, path);
    }
    expect((await call(ben, 'GET', '/api/users/{id}/follow', u)).body).toMatchObject({ following: false });
    expectStatus(await call(ben, 'DELETE', '/api/users/{id}/follow', u), 200, 'unfollow');
    expect((await call(ben, 'GET', '/api/users/{id}/block', u)).body).toEqual({ blocked: blocker === 'ben' });

    // His own records stay readable.
    expectStatus(await call(ben, 'GET', '/api/trades/{id}', { id: ids.accepted }), 200, 'trade');
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/messages', { id: ids.accepted }), 200, 'trade chat history');
    expectStatus(await call(ben, 'POST', '/api/trades/{id}/messages/read', { id: ids.accepted }), 200, 'trade chat read');
    expectStatus(await call(ben, 'GET', '/api/conversations/{id}', { id: ids.conversation }), 200, 'conversation');
    expectStatus(await call(ben, 'GET', '/api/conversations/{id}/messages', { id: ids.conversation }), 200, 'conversation history');
    expectStatus(await call(ben, 'POST', '/api/conversations/{id}/messages/read', { id: ids.conversation }), 200, 'conversation read');
    expectStatus(await call(ben, 'GET', '/api/loops/{id}', { id: ids.proposedLoop }), 200, 'loop');
    expectStatus(await call(ben, 'GET', '/api/loops/{id}/messages', { id: ids.activeLoop }), 200, 'loop chat history');
    expectStatus(await call(ben, 'POST', '/api/loops/{id}/messages/read', { id: ids.activeLoop }), 200, 'loop chat read');
    // The box still has to be packed: his packing slip for the trade in escrow.
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/packing-slip.pdf', { id: ids.accepted }), 200, 'packing slip');

    // Where the parcels go stays his to choose and hers stays his to read: the pairs must travel.
    const book = await ben.post('/api/addresses', {
      name: 'Ben',
      line1: '2 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
    });
    expectStatus(book, 201, 'address');
    expectStatus(await call(ben, 'PUT', '/api/trades/{id}/ship-to', { id: ids.accepted }, { addressId: book.body.id }), 200, 'choose ship-to');
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/ship-to', { id: ids.accepted }), 200, 'ship-to');
    // So do his loop's: where his incoming pair arrives, where his pair goes, and its packing slip.
    expectStatus(await call(ben, 'PUT', '/api/loops/{id}/ship-to', { id: ids.activeLoop }, { addressId: book.body.id }), 200, 'choose loop ship-to');
    const benLeg = (await ben.get(`/api/loops/${ids.activeLoop}`)).body.myGive.position as number;
    expectStatus(
      await call(ben, 'GET', '/api/loops/{id}/legs/{position}/ship-to', { id: ids.activeLoop, position: benLeg }),
      200,
      'loop leg ship-to',
    );
    expectStatus(await call(ben, 'GET', '/api/loops/{id}/packing-slip.pdf', { id: ids.activeLoop }), 200, 'loop packing slip');
    // A direct trade has no pairs at the authentication centre, block or no block (inspection.int.test.ts walks one that has).
    expect((await call(ben, 'GET', '/api/trades/{id}/inspection', { id: ids.accepted })).body.code).toBe('NOT_FOUND');

    // Escrow goes on: both pairs are held and must travel, chat or no chat. His parcel goes on a label
    // bought across the block (to the ship-to she chose, never shown to him), printed with its slip;
    // a side on a label takes no typed number, and the carrier's first scan ships it.
    const label = await call(ben, 'POST', '/api/trades/{id}/label', { id: ids.accepted }, { preset: 'one-pair' });
    expectStatus(label, 200, 'label');
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/label.pdf', { id: ids.accepted }), 200, 'label and slip');
    expect((await call(ben, 'POST', '/api/trades/{id}/ship', { id: ids.accepted }, shipBody())).status).toBe(409);
    const scanned = await ben.post(`/api/shipping/sandbox/parcels/${label.body.trackingNumber as string}/advance`, { status: 'in_transit' });
    expectStatus(scanned, 200, 'first scan');
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/shipping', { id: ids.accepted }), 200, 'shipping');
    expectStatus(await ann.post(`/api/trades/${ids.accepted}/ship`, shipBody()), 200, 'ship back');
    expectStatus(await call(ben, 'POST', '/api/trades/{id}/receive', { id: ids.accepted }), 200, 'receive');
    expectStatus(await ann.post(`/api/trades/${ids.accepted}/receive`), 200, 'receive back');
    expectStatus(await call(ben, 'POST', '/api/trades/{id}/rate', { id: ids.accepted }, { score: 5 }), 200, 'rate');
    expect((await call(ben, 'POST', '/api/trades/{id}/dispute', { id: ids.accepted }, { reason: 'late' })).status).toBe(409);
    // The dispute's evidence: his own record stays readable; adding to it across the block is refused.
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/dispute-evidence', { id: ids.accepted }), 200, 'dispute evidence');
    expectRefused(await call(ben, 'POST', '/api/trades/{id}/dispute-evidence', { id: ids.accepted }, { note: 'See the photos' }), 'add evidence');
    // Its private photos: adding one across the block (or to a trade not in dispute) is refused before any
    // byte is read; a photo that is not there is not found, whoever asks.
    expect([403, 409]).toContain((await call(ben, 'POST', '/api/trades/{id}/dispute-evidence/photos', { id: ids.accepted })).status);
    const noPhoto = { id: ids.accepted, name: `${'ab'.repeat(16)}.webp` };
    expect((await call(ben, 'GET', '/api/trades/{id}/dispute-evidence/photos/{name}', noPhoto)).status).toBe(404);
    // A hold appeal: his own trade's stays readable; there is no captured hold of his to appeal.
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/hold-appeal', { id: ids.accepted }), 200, 'hold appeal');
    expect([403, 409]).toContain(
      (await call(ben, 'POST', '/api/trades/{id}/hold-appeal', { id: ids.accepted }, { reason: 'The pair was real' })).status,
    );
    // Ruling on a trade is an admin's, never a party's.
    expect([403, 409]).toContain((await call(ben, 'POST', '/api/trades/{id}/resolve', { id: ids.accepted }, { outcome: 'cancelled' })).status);
    // After a refund, each pair still goes back to its owner across the block: the ruling, where his
    // return goes, its slip, shipping it, and confirming his own pair is back.
    expectStatus(await call(ben, 'GET', '/api/trades/{id}/ruling', { id: ids.refunded }), 200, 'ruling');
    expectStatus(await call(ben, 'GET', '/api/trade-returns/{id}/ship-to', { id: ids.benSends }), 200, 'return ship-to');
    expectStatus(await call(ben, 'GET', '/api/trade-returns/{id}/packing-slip.pdf', { id: ids.benSends }), 200, 'return slip');
    expect((await call(ben, 'PUT', '/api/trade-returns/{id}/ship-to', { id: ids.benGets }, { addressId: book.body.id })).status).toBe(409);
    expectStatus(await call(ben, 'POST', '/api/trade-returns/{id}/ship', { id: ids.benSends }, shipBody()), 200, 'ship the return');
    expectStatus(await ann.post(`/api/trade-returns/${ids.benGets}/ship`, shipBody()), 200, 'her return');
    expectStatus(await call(ben, 'POST', '/api/trade-returns/{id}/receive', { id: ids.benGets }), 200, 'receive the return');
    expectStatus(await call(ben, 'POST', '/api/loops/{id}/ship', { id: ids.activeLoop }, shipBody()), 200, 'loop ship');
    expect((await call(ben, 'POST', '/api/loops/{id}/receive', { id: ids.activeLoop })).status).toBe(409);

    // His own block list: blocking her is his right either way; unblocking lifts only his own.
    expectStatus(await call(ben, 'POST', '/api/users/{id}/block', u), 200, 'block');
    expectStatus(await call(ben, 'DELETE', '/api/users/{id}/block', u), 200, 'unblock');
    const stillBlocked = await ben.post('/api/conversations', { userId: ann.user.id });
    expect(stillBlocked.status).toBe(blocker === 'ann' ? 403 : 200); // 200: their conversation exists
  });

  it('has called every route that names a member or their sneakers, trades, conversations or loops', async () => {
    const doc = (await new TestClient(testApp().app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const targeting = Object.entries(doc.paths)
      .filter(([path]) => /\{(id|userId)\}/.test(path) && TARGET_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(targeting.length).toBeGreaterThan(30);
    expect(targeting.filter((route) => !called.has(route))).toEqual([]);
  });
});
