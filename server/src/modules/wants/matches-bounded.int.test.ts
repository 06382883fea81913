import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { sneakers, users, wants } from '../../db/schema/index';
import { addWant, member, pairOf, releasesInSize10 } from '../loops/loops.int-helpers';
import { loadMarketAround } from './market-around-member';
import { PAIRS_READ_PER_REQUEST } from './match-keys';

/**
 * Issue #26: a member who wants the most popular release read every pair of it (tens of
 * thousands at a million listings) and ranked them on the request thread, 36-86 s during which
 * the server answered nothing. The read is now bounded: a fixed budget of pairs per request, read
 * by index, however many members own and want the release.
 */
describe('matches on a crowded release', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('reads at most the per-request budget of pairs, and still answers a full page of matches', async () => {
    const { ctx } = testApp();
    const [popular, mine] = [releases[0]!, releases[1]!];
    const ann = await member(testApp(), 'crowd-ann');
    await pairOf(testApp(), ann, mine);

    // More members than the budget own the popular release in Ann's size and want what Ann offers.
    const crowd = PAIRS_READ_PER_REQUEST + 500;
    const tag = randomBytes(3).toString('hex');
    const others = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: crowd }, (_, i) => ({ email: `crowd-${tag}-${i}@example.test`, username: `crowd-${tag}-${i}`, firstName: 'Crowd' })),
      )
      .returning({ id: users.id });
    await ctx.db.insert(sneakers).values(
      others.map(({ id }, i) => ({
        userId: id,
        catalogReleaseId: popular,
        name: `Crowd pair ${i}`,
        brand: 'Jordan',
        model: 'Air Jordan 4',
        size: i % 2 ? 'US 10' : '10.0',
        condition: '9.5',
        estimatedValue: (200 + (i % 100)).toFixed(2),
      })),
    );
    await ctx.db.insert(wants).values(others.map(({ id }) => ({ userId: id, catalogReleaseId: mine, sizes: ['10'], minCondition: '9.0', rank: 1 })));
    // Ann's want computes her matches (bounded the same way) and stores them for GET /api/matches.
    await addWant(ann, popular);

    const market = await loadMarketAround(ctx, ann.user.id);
    const partnerPairs = market.listings.filter((l) => l.ownerId !== ann.user.id);
    expect(partnerPairs.length).toBeGreaterThan(0);
    expect(partnerPairs.length).toBeLessThanOrEqual(PAIRS_READ_PER_REQUEST);
    expect(market.wants.filter((w) => w.memberId !== ann.user.id).length).toBeLessThanOrEqual(PAIRS_READ_PER_REQUEST);

    const res = await ann.get('/api/matches?limit=50');
    expect(res.status).toBe(200);
    expect(res.body.twoWay).toHaveLength(50);
    const crowdIds = new Set(others.map((o) => o.id));
    for (const match of res.body.twoWay) {
      expect(crowdIds.has(match.member.id)).toBe(true);
      expect(match.receive.size).toMatch(/10/);
    }
  });
});
