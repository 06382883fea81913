import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { sneakers, users, wants } from '../../db/schema/index';
import { addWant, member, pairOf, releasesInSize10, type Member } from '../loops/loops.int-helpers';
import { refreshQueuedMatches } from './refresh-member-matches';

/**
 * Issue #33: GET /api/matches reads stored matches, kept up to date as pairs, wants, blocks and
 * suspensions change (docs/rules/matches.md). Each kind of change shows on both sides.
 */
describe('stored two-way matches', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  const partnersOf = async (who: Member) =>
    ((await who.get('/api/matches')).body.twoWay as Array<{ member: { id: string } }>).map((m) => m.member.id);
  /** Runs the refresh job until no member waits in its queue. */
  const runRefreshJob = async () => {
    while ((await refreshQueuedMatches(testApp().ctx)) > 0);
  };

  /** Ann owns r[a] and wants r[b]; Ben owns r[b] and wants r[a]: one swap between them. */
  async function swapPair(a: number, b: number) {
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    const annPair = await pairOf(testApp(), ann, releases[a]!);
    const benPair = await pairOf(testApp(), ben, releases[b]!);
    const annWant = await addWant(ann, releases[b]!);
    const benWant = await addWant(ben, releases[a]!);
    expect(await partnersOf(ann)).toEqual([ben.user.id]);
    expect(await partnersOf(ben)).toEqual([ann.user.id]);
    return { ann, ben, annPair, benPair, annWant, benWant };
  }

  it('shows a listing added for trade to the member who wants it, once the listing is stored', async () => {
    const { ctx } = testApp();
    const [r0, r1] = [releases[0]!, releases[1]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await pairOf(testApp(), ann, r0);
    await addWant(ann, r1);
    await addWant(ben, r0);
    expect(await partnersOf(ann)).toEqual([]);
    // Ben lists a pair through the API: the listener computes his matches, Ann's included.
    const created = await ben.post('/api/sneakers', {
      name: 'Ben pair',
      brand: 'Jordan',
      model: 'Air Jordan 4',
      catalogReleaseId: r1,
      size: '10',
      condition: '9.5',
      estimatedValue: 250,
    });
    expect(created.status).toBe(201);
    await ctx.events.idle();
    expect(await partnersOf(ann)).toEqual([ben.user.id]);
  });

  it('drops a swap when a pair is delisted or changes hands, and brings it back when it is listed again', async () => {
    const { ctx } = testApp();
    const { ann, ben, benPair } = await swapPair(2, 3);
    expect((await ben.put(`/api/sneakers/${benPair.id}`, { isAvailableForTrade: false })).status).toBe(200);
    // Shown by neither side at once, before anything is computed again.
    expect(await partnersOf(ann)).toEqual([]);
    await ctx.events.idle();
    expect(await partnersOf(ben)).toEqual([]);
    expect((await ben.put(`/api/sneakers/${benPair.id}`, { isAvailableForTrade: true })).status).toBe(200);
    await ctx.events.idle();
    expect(await partnersOf(ann)).toEqual([ben.user.id]);

    // Traded away: the pair's owner changes (as a completed trade writes it).
    const cal = await member(testApp(), 'cal');
    await ctx.db.update(sneakers).set({ userId: cal.user.id }).where(eq(sneakers.id, benPair.id));
    expect(await partnersOf(ann)).toEqual([]);
    await runRefreshJob();
    expect(await partnersOf(ann)).toEqual([]);
    expect(await partnersOf(ben)).toEqual([]);
  });

  it('weighs a want again when it is edited or removed', async () => {
    const { ann, ben, benWant } = await swapPair(4, 5);
    // Ben now asks for better than Ann's 9.5.
    expect((await ben.put(`/api/wants/${benWant.id}`, { sizes: ['10'], minCondition: '10' })).status).toBe(200);
    expect(await partnersOf(ann)).toEqual([]);
    expect((await ben.put(`/api/wants/${benWant.id}`, { sizes: ['10'], minCondition: '9' })).status).toBe(200);
    expect(await partnersOf(ann)).toEqual([ben.user.id]);
    expect((await ben.delete(`/api/wants/${benWant.id}`)).status).toBe(204);
    expect(await partnersOf(ann)).toEqual([]);
  });

  it('hides a swap while either member blocks the other, and shows it again when the block is lifted', async () => {
    const { ann, ben } = await swapPair(6, 7);
    expect((await ann.post(`/api/users/${ben.user.id}/block`, {})).status).toBeLessThan(300);
    expect(await partnersOf(ann)).toEqual([]);
    expect(await partnersOf(ben)).toEqual([]);
    expect((await ann.delete(`/api/users/${ben.user.id}/block`)).status).toBeLessThan(300);
    expect(await partnersOf(ann)).toEqual([ben.user.id]);
  });

  it('hides a suspended member from every match', async () => {
    const { ctx } = testApp();
    const { ann, ben } = await swapPair(8, 9);
    await ctx.db.update(users).set({ suspendedAt: ctx.now(), suspendedReason: 'test' }).where(eq(users.id, ben.user.id));
    expect(await partnersOf(ann)).toEqual([]);
    await runRefreshJob();
    expect(await partnersOf(ann)).toEqual([]);
    await ctx.db.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, ben.user.id));
    await runRefreshJob();
    expect(await partnersOf(ann)).toEqual([ben.user.id]);
  });

  it('fills the matches of pairs and wants written straight to the database once the refresh job runs', async () => {
    const { ctx } = testApp();
    const [r10, r11] = [releases[10]!, releases[11]!];
    const ann = await member(testApp(), 'ann');
    const ben = await member(testApp(), 'ben');
    await pairOf(testApp(), ann, r10);
    await pairOf(testApp(), ben, r11);
    await ctx.db.insert(wants).values([
      { userId: ann.user.id, catalogReleaseId: r11, sizes: ['10'], minCondition: '9.0', rank: 1 },
      { userId: ben.user.id, catalogReleaseId: r10, sizes: ['10'], minCondition: '9.0', rank: 1 },
    ]);
    await runRefreshJob();
    expect(await partnersOf(ben)).toEqual([ann.user.id]);
  });

  it('pages through every swap with the cursor, best first, each once', async () => {
    const [r12, r13] = [releases[12]!, releases[13]!];
    const ann = await member(testApp(), 'ann');
    await pairOf(testApp(), ann, r12);
    await addWant(ann, r13);
    const others: string[] = [];
    for (let i = 0; i < 12; i++) {
      const other = await member(testApp(), `pager${i}`);
      await pairOf(testApp(), other, r13, { estimatedValue: (200 + i * 5).toFixed(2) });
      await addWant(other, r12);
      others.push(other.user.id);
    }
    const all = (await ann.get('/api/matches?limit=50')).body.twoWay.map((m: { member: { id: string } }) => m.member.id);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await ann.get(`/api/matches?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      paged.push(...res.body.twoWay.map((m: { member: { id: string } }) => m.member.id));
      const next = res.headers['x-next-cursor'];
      cursor = typeof next === 'string' ? next : undefined;
    } while (cursor);
    expect(paged).toEqual(all);
    expect(new Set(paged)).toEqual(new Set(others));
    expect((await ann.get('/api/matches?cursor=nope')).status).toBe(400);
  });
});
