import { eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications, sneakers } from '../../db/schema/index';
import { TestClient, useTestApp } from '../../../test/test-app';
import { addWant, member, pairOf, releasesInSize10 } from '../loops/loops.int-helpers';
import { kindsOf, notificationsOf } from '../notifications/notifications.int-helpers';
import { recordNewMatches } from './record-new-matches';

describe('wantlists', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('refuses bad wants with a 400 naming the field, and a second want for the same release with 409', async () => {
    const ann = await member(testApp(), 'ann');
    const base = { catalogReleaseId: releases[0], sizes: ['10'], minCondition: '9' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, sizes: [] }, 'sizes'],
      [{ ...base, sizes: ['10', '99'] }, 'sizes.1'],
      [{ ...base, minCondition: '3' }, 'minCondition'],
      [{ ...base, maxValue: -5 }, 'maxValue'],
      [{ ...base, catalogReleaseId: 'x' }, 'catalogReleaseId'],
      [{ ...base, catalogReleaseId: 999_999 }, 'catalogReleaseId'],
    ];
    for (const [body, field] of cases) {
      const res = await ann.post('/api/wants', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.fields)).toContain(field);
    }
    expect((await ann.post('/api/wants', { ...base, sizes: ['3'] })).status).toBe(400);
    expect((await ann.post('/api/wants', base)).status).toBe(201);
    expect((await ann.post('/api/wants', base)).status).toBe(409);
    expect((await new TestClient(testApp().app).post('/api/wants', base)).status).toBe(401);
  });

  it('keeps wants ranked, lets only their owner change, reorder or delete them', async () => {
    const ann = await member(testApp(), 'ann');
    const eve = await member(testApp(), 'eve');
    const first = await addWant(ann, releases[0]!, { maxValue: '300' });
    const second = await addWant(ann, releases[1]!);
    const third = await addWant(ann, releases[2]!);
    expect([first.rank, second.rank, third.rank]).toEqual([1, 2, 3]);
    expect(first).toMatchObject({ sizes: ['10'], minCondition: '9.0', maxValue: '300.00', matchingPairs: 0 });

    const changed = await ann.put(`/api/wants/${second.id}`, { sizes: ['10', '10.5'], minCondition: 8, maxValue: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ sizes: ['10', '10.5'], minCondition: '8.0', maxValue: null });
    expect((await eve.put(`/api/wants/${second.id}`, { sizes: ['10'], minCondition: 8 })).status).toBe(404);
    expect((await eve.delete(`/api/wants/${second.id}`)).status).toBe(404);
    expect((await eve.get('/api/wants')).body).toEqual([]);

    // The order must name each of Ann's wants once.
    expect((await ann.put('/api/wants/order', { ids: [third.id, first.id] })).status).toBe(400);
    expect((await eve.put('/api/wants/order', { ids: [third.id, first.id, second.id] })).status).toBe(400);
    const reordered = await ann.put('/api/wants/order', { ids: [third.id, first.id, second.id] });
    expect(reordered.body.map((w: { id: number }) => w.id)).toEqual([third.id, first.id, second.id]);
    expect(reordered.body.map((w: { rank: number }) => w.rank)).toEqual([1, 2, 3]);

    expect((await ann.delete(`/api/wants/${third.id}`)).status).toBe(204);
    const left = (await ann.get('/api/wants')).body;
    expect(left.map((w: { id: number; rank: number }) => [w.id, w.rank])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect((await ann.delete(`/api/wants/${third.id}`)).status).toBe(404);
    expect((await ann.delete('/api/wants/nope')).status).toBe(404);
  });

  it('counts the listed pairs of other members that fit each want now', async () => {
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    const release = releases[3]!;
    await pairOf(testApp(), ben, release);
    await pairOf(testApp(), ben, release, { condition: '7' }); // below Ann's minimum
    await pairOf(testApp(), ben, release, { estimatedValue: '900.00' }); // above her cap
    await pairOf(testApp(), ann, release); // her own
    const want = await addWant(ann, release, { maxValue: 500 });
    expect(want.matchingPairs).toBe(1);
  });
});

describe('two-way matches', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('finds a direct swap when each owns what the other wants, records it once and announces it once', async () => {
    const { ctx } = testApp();
    const found: Array<{ matchId: number; userIds: string[] }> = [];
    ctx.events.on('match.found', (event) => {
      found.push(event);
    });
    const [r0, r1] = [releases[0]!, releases[1]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    const annPair = await pairOf(testApp(), ann, r0, { estimatedValue: '200.00' });
    const benPair = await pairOf(testApp(), ben, r1);
    await addWant(ann, r1);
    expect((await ann.get('/api/matches')).body.twoWay).toEqual([]);
    await addWant(ben, r0);

    const mine = (await ann.get('/api/matches')).body;
    expect(mine.twoWay).toHaveLength(1);
    expect(mine.twoWay[0]).toMatchObject({
      member: { id: ben.user.id },
      give: { id: annPair.id },
      receive: { id: benPair.id },
      receiveRank: 1,
      valueBalance: 0.8,
    });
    expect(mine.twoWay[0].proposeUrl).toBe(`/trades/create?owner=${ben.user.id}&target=${benPair.id}&offer=${annPair.id}`);
    expect((await ben.get('/api/matches')).body.twoWay[0]).toMatchObject({ member: { id: ann.user.id }, give: { id: benPair.id } });

    const rows = await ctx.db
      .select()
      .from(matches)
      .where(or(eq(matches.userAId, ann.user.id), eq(matches.userBId, ann.user.id)));
    expect(rows).toHaveLength(1);
    // Once both members are told, the match is marked notified.
    await ctx.events.idle();
    expect(await ctx.db.select({ notified: matches.notified }).from(matches).where(eq(matches.id, rows[0]!.id))).toEqual([{ notified: true }]);
    // Seen again from the other side, or after another change: no new match, no new announcement.
    expect(await recordNewMatches(ctx, { userId: ann.user.id })).toEqual([]);
    await ann.put(`/api/wants/${(await ann.get('/api/wants')).body[0].id}`, { sizes: ['10'], minCondition: '8' });
    expect(await ctx.db.select().from(matches).where(eq(matches.userAId, rows[0]!.userAId))).toHaveLength(1);
    // Each member is notified once, about the pair they would get.
    const matchNotifications = async (client: typeof ann) =>
      (await notificationsOf(testApp(), client, '?limit=50')).items.filter((n) => n.kind === 'match.found').map((n) => n.link);
    expect(await matchNotifications(ann)).toEqual([`/profile/${ben.user.id}`]);
    expect(await matchNotifications(ben)).toEqual([`/profile/${ann.user.id}`]);
    // Announced once, naming both members.
    const announced = found.filter((f) => f.matchId === rows[0]!.id);
    expect(announced).toHaveLength(1);
    expect([...announced[0]!.userIds].sort()).toEqual([ann.user.id, ben.user.id].sort());
  });

  it('announces a recorded match nobody was told about when it is found again, once even when found twice at once', async () => {
    const { ctx } = testApp();
    const [r6, r7] = [releases[6]!, releases[7]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await pairOf(testApp(), ann, r6);
    await pairOf(testApp(), ben, r7);
    await addWant(ann, r7);
    await addWant(ben, r6);
    await ctx.events.idle();
    const [row] = await ctx.db
      .select()
      .from(matches)
      .where(eq(matches.userAId, ann.user.id < ben.user.id ? ann.user.id : ben.user.id));
    expect(row).toMatchObject({ notified: true });

    // As if the server had stopped between recording the match and telling the members.
    await ctx.db.update(matches).set({ notified: false }).where(eq(matches.id, row!.id));
    await ctx.db.delete(notifications).where(inArray(notifications.userId, [ann.user.id, ben.user.id]));

    await Promise.all([recordNewMatches(ctx, { userId: ann.user.id }), recordNewMatches(ctx, { userId: ben.user.id })]);
    await ctx.events.idle();
    expect((await kindsOf(testApp(), ann)).filter((k) => k === 'match.found')).toHaveLength(1);
    expect((await kindsOf(testApp(), ben)).filter((k) => k === 'match.found')).toHaveLength(1);
    expect(await ctx.db.select({ notified: matches.notified }).from(matches).where(eq(matches.id, row!.id))).toEqual([{ notified: true }]);

    // Told already: found again later, it is not announced again, even once those notifications are gone.
    await ctx.db.delete(notifications).where(inArray(notifications.userId, [ann.user.id, ben.user.id]));
    await recordNewMatches(ctx, { userId: ann.user.id });
    expect((await kindsOf(testApp(), ann)).filter((k) => k === 'match.found')).toEqual([]);
    expect((await kindsOf(testApp(), ben)).filter((k) => k === 'match.found')).toEqual([]);
  });

  it('records the match when a listing is added or changed to fit, without the member touching their wants', async () => {
    const { ctx } = testApp();
    const [r4, r5] = [releases[4]!, releases[5]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await pairOf(testApp(), ann, r4);
    const benPair = await pairOf(testApp(), ben, r5, { isAvailableForTrade: false });
    await addWant(ann, r5);
    await addWant(ben, r4);
    const matchOf = () =>
      ctx.db
        .select()
        .from(matches)
        .where(or(eq(matches.sneakerAId, benPair.id), eq(matches.sneakerBId, benPair.id)));
    expect(await matchOf()).toEqual([]);
    // Ben lists his pair for trade: the swap is found from the change alone.
    expect((await ben.put(`/api/sneakers/${benPair.id}`, { isAvailableForTrade: true })).status).toBe(200);
    await ctx.events.idle();
    expect(await matchOf()).toHaveLength(1);
  });

  it('answers as many direct swaps as the limit asks for, past twenty', async () => {
    const [r10, r11] = [releases[10]!, releases[11]!];
    const ann = await member(testApp(), 'ann');
    await pairOf(testApp(), ann, r10);
    await addWant(ann, r11);
    for (let i = 0; i < 22; i++) {
      const other = await member(testApp(), `swapper${i}`);
      await pairOf(testApp(), other, r11);
      await addWant(other, r10);
    }
    expect((await ann.get('/api/matches?limit=50')).body.twoWay).toHaveLength(22);
    expect((await ann.get('/api/matches?limit=5')).body.twoWay).toHaveLength(5);
  });

  it('does not match a pair that is hidden from trading or below the wanted condition', async () => {
    const [r2, r3] = [releases[2]!, releases[3]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await pairOf(testApp(), ann, r2);
    const hidden = await pairOf(testApp(), ben, r3);
    await testApp().ctx.db.update(sneakers).set({ isAvailableForTrade: false }).where(eq(sneakers.id, hidden.id));
    await pairOf(testApp(), ben, r3, { condition: '8' });
    await addWant(ann, r3, { minCondition: '9' });
    await addWant(ben, r2);
    expect((await ann.get('/api/matches')).body.twoWay).toEqual([]);
    expect((await new TestClient(testApp().app).get('/api/matches')).status).toBe(401);
  });
});
