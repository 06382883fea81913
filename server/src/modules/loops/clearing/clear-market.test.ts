import { describe, expect, it } from 'vitest';
import { catalogMarketReleases } from './catalog-market-releases';
import { clearMarket } from './clear-market';
import type { ChosenLoop, Listing, Want } from './clearing.types';
import { generateMarket } from './market-generator';

/** Member m owns pair "p-m" of release `gives` and wants release `wants` (size 10, condition 9, $200). */
function member(id: string, gives: number, wants: number | number[], value = 20_000): { listing: Listing; wants: Want[] } {
  return {
    listing: { pairId: `p-${id}`, ownerId: id, releaseId: gives, size: '10', condition: 9, valueCents: value },
    wants: [wants].flat().map((releaseId, i) => ({
      wantId: `w-${id}-${releaseId}`,
      memberId: id,
      releaseId,
      sizes: ['10'],
      minCondition: 8,
      maxValueCents: null,
      rank: i + 1,
    })),
  };
}

function market(...members: ReturnType<typeof member>[]) {
  return { listings: members.map((m) => m.listing), wants: members.flatMap((m) => m.wants) };
}

const membersOf = (loop: ChosenLoop) => loop.steps.map((s) => s.giverId);
const sorted = (loops: ChosenLoop[]) => loops.map((l) => [...membersOf(l)].sort().join(',')).sort();

describe('clearMarket', () => {
  it('closes a 3-loop: each gives to the member who wants their pair', async () => {
    const { listings, wants } = market(member('a', 1, 2), member('b', 2, 3), member('c', 3, 1));
    const result = await clearMarket(listings, wants);
    expect(result.loops).toHaveLength(1);
    expect(result.loops[0]?.steps).toEqual([
      { giverId: 'a', receiverId: 'c', pairId: 'p-a', wantId: 'w-c-1', wantRank: 1, valueCents: 20_000 },
      { giverId: 'c', receiverId: 'b', pairId: 'p-c', wantId: 'w-b-3', wantRank: 1, valueCents: 20_000 },
      { giverId: 'b', receiverId: 'a', pairId: 'p-b', wantId: 'w-a-2', wantRank: 1, valueCents: 20_000 },
    ]);
    expect(result.selection.method).toBe('exact');
    expect(result.stats.membersTraded).toBe(3);
  });

  it('leaves out a declined loop, so its members can take another, until one of its pairs changes', async () => {
    // Ann can swap with Ben (her first choice) or Cy (her second).
    const { listings, wants } = market(member('a', 1, [2, 3]), member('b', 2, 1), member('c', 3, 1));
    const first = await clearMarket(listings, wants);
    expect(sorted(first.loops)).toEqual(['a,b']);

    // Declined: the next run offers Ann the swap with Cy instead.
    const declined = new Set([first.loops[0]!.fingerprint]);
    const next = await clearMarket(listings, wants, { declinedFingerprints: declined });
    expect(sorted(next.loops)).toEqual(['a,c']);

    // Ben's pair is now in better condition: a different loop, which may be offered again.
    const changed = listings.map((l) => (l.ownerId === 'b' ? { ...l, condition: 10 } : l));
    const after = await clearMarket(changed, wants, { declinedFingerprints: declined });
    expect(sorted(after.loops)).toEqual(['a,b']);
    expect(after.loops[0]!.fingerprint).not.toBe(first.loops[0]!.fingerprint);
  });

  it('closes a 4-loop', async () => {
    const { listings, wants } = market(member('a', 1, 2), member('b', 2, 3), member('c', 3, 4), member('d', 4, 1));
    const result = await clearMarket(listings, wants);
    expect(sorted(result.loops)).toEqual(['a,b,c,d']);
  });

  it('never proposes a 5-loop', async () => {
    const { listings, wants } = market(member('a', 1, 2), member('b', 2, 3), member('c', 3, 4), member('d', 4, 5), member('e', 5, 1));
    const result = await clearMarket(listings, wants);
    expect(result.loops).toEqual([]);
    expect(result.stats.candidateLoops).toBe(0);
  });

  it('never puts two members who block each other in one loop, adjacent or across a 4-loop', async () => {
    // Left alone: a and b swap directly, and c, d, e, f close a 4-loop.
    const { listings, wants } = market(
      member('a', 1, 2),
      member('b', 2, 1),
      member('c', 3, 4),
      member('d', 4, 5),
      member('e', 5, 6),
      member('f', 6, 3),
    );
    expect(sorted((await clearMarket(listings, wants)).loops)).toEqual(['a,b', 'c,d,e,f']);
    // a/b would give to each other; c and e sit across the ring and give to neither.
    const blocked = await clearMarket(listings, wants, {
      excludedPairs: [
        ['b', 'a'],
        ['c', 'e'],
      ],
    });
    expect(blocked.loops).toEqual([]);
    expect(blocked.stats.memberEdges).toBe(4);
    // A pair naming members outside the market changes nothing.
    expect(sorted((await clearMarket(listings, wants, { excludedPairs: [['a', 'zed']] })).loops)).toEqual(['a,b', 'c,d,e,f']);
  });

  it('picks the better of two loops sharing a member: the one trading more members', async () => {
    // a is in a 2-loop with b and in a 3-loop with c and d; only one can run.
    const { listings, wants } = market(member('a', 1, [2, 3]), member('b', 2, 1), member('c', 3, 4), member('d', 4, 1));
    const result = await clearMarket(listings, wants);
    expect(sorted(result.loops)).toEqual(['a,c,d']);
  });

  it('between two loops of the same size picks the one on higher-ranked wants', async () => {
    // a ranks release 3 (from c) first and release 2 (from b) second.
    const { listings, wants } = market(member('a', 1, [3, 2]), member('b', 2, 1), member('c', 3, 1));
    const result = await clearMarket(listings, wants);
    expect(sorted(result.loops)).toEqual(['a,c']);
  });

  it('leaves out a member who wants nothing she can get', async () => {
    const { listings, wants } = market(member('a', 1, 2), member('b', 2, 1), member('zoe', 3, 99));
    const result = await clearMarket(listings, wants);
    expect(sorted(result.loops)).toEqual(['a,b']);
    expect(result.loops.flatMap(membersOf)).not.toContain('zoe');
  });

  it('swaps two ways when each wants the other pair, but respects size, condition and value caps', async () => {
    const { listings, wants } = market(member('a', 1, 2), member('b', 2, 1));
    expect(sorted((await clearMarket(listings, wants)).loops)).toEqual(['a,b']);
    const wrongSize = wants.map((w) => (w.memberId === 'a' ? { ...w, sizes: ['11'] } : w));
    expect((await clearMarket(listings, wrongSize)).loops).toEqual([]);
    const tooWorn = wants.map((w) => (w.memberId === 'a' ? { ...w, minCondition: 10 } : w));
    expect((await clearMarket(listings, tooWorn)).loops).toEqual([]);
    const tooDear = wants.map((w) => (w.memberId === 'a' ? { ...w, maxValueCents: 19_999 } : w));
    expect((await clearMarket(listings, tooDear)).loops).toEqual([]);
  });

  it('never gives a member her own pair', async () => {
    const { listings, wants } = market(member('a', 1, 1));
    expect((await clearMarket(listings, wants)).loops).toEqual([]);
  });

  it('exact and heuristic agree on the hand-made markets', async () => {
    const markets = [
      market(member('a', 1, [2, 3]), member('b', 2, 1), member('c', 3, 4), member('d', 4, 1)),
      market(member('a', 1, 2), member('b', 2, 3), member('c', 3, 1), member('d', 4, 5), member('e', 5, 4)),
      market(member('a', 1, [3, 2]), member('b', 2, 1), member('c', 3, 1)),
    ];
    for (const { listings, wants } of markets) {
      const exact = await clearMarket(listings, wants, { method: 'exact' });
      const heuristic = await clearMarket(listings, wants, { method: 'heuristic' });
      expect(sorted(heuristic.loops)).toEqual(sorted(exact.loops));
    }
  });
});

describe('clearMarket on seeded random markets', () => {
  const releases = catalogMarketReleases();

  it('is deterministic for a seed', async () => {
    const spec = { members: 120, pairs: 1_200, wants: 1_200, seed: 5, releases };
    const first = await clearMarket(generateMarket(spec).listings, generateMarket(spec).wants, { method: 'heuristic' });
    const second = await clearMarket(generateMarket(spec).listings, generateMarket(spec).wants, { method: 'heuristic' });
    expect(second.loops).toEqual(first.loops);
  });

  it('chosen loops are member- and pair-disjoint and every step satisfies the receiver', async () => {
    const { listings, wants } = generateMarket({ members: 300, pairs: 3_000, wants: 3_000, seed: 9, releases });
    const result = await clearMarket(listings, wants, { method: 'heuristic' });
    const members = result.loops.flatMap(membersOf);
    const pairs = result.loops.flatMap((l) => l.steps.map((s) => s.pairId));
    expect(new Set(members).size).toBe(members.length);
    expect(new Set(pairs).size).toBe(pairs.length);
    const listingById = new Map(listings.map((l) => [l.pairId, l]));
    const wantById = new Map(wants.map((w) => [w.wantId, w]));
    for (const loop of result.loops) {
      expect(loop.steps.length).toBeGreaterThanOrEqual(2);
      expect(loop.steps.length).toBeLessThanOrEqual(4);
      loop.steps.forEach((step, i) => {
        const listing = listingById.get(step.pairId)!;
        const want = wantById.get(step.wantId)!;
        expect(listing.ownerId).toBe(step.giverId);
        expect(want.memberId).toBe(step.receiverId);
        expect(listing.releaseId).toBe(want.releaseId);
        expect(want.sizes).toContain(listing.size);
        expect(listing.condition).toBeGreaterThanOrEqual(want.minCondition);
        expect(loop.steps[(i + 1) % loop.steps.length]?.giverId).toBe(step.receiverId);
      });
    }
  });

  it.each([
    { members: 60, seed: 1 },
    { members: 200, seed: 2 },
    { members: 500, seed: 3 },
  ])(
    'the heuristic is within 2% of the exact program on $members members with ten wants each',
    async ({ members, seed }) => {
      const { listings, wants } = generateMarket({ members, pairs: members * 10, wants: members * 10, seed, releases });
      const exact = await clearMarket(listings, wants, { method: 'exact', solverTimeLimitSeconds: 5 });
      const heuristic = await clearMarket(listings, wants, { method: 'heuristic' });
      expect(exact.stats.membersTraded).toBeGreaterThan(0);
      expect(heuristic.stats.membersTraded).toBeGreaterThanOrEqual(Math.floor(0.98 * exact.stats.membersTraded));
      expect(heuristic.selection.objective).toBeGreaterThanOrEqual(0.98 * exact.selection.objective);
    },
    60_000,
  );

  it('stays close to the optimum on a sparse market where the choice matters', async () => {
    // Two wants per member: only about half can trade and loops compete for the same members.
    // Measured: the optimum trades 272 members and the heuristic 266 (97.8%); 95% is the floor.
    const { listings, wants } = generateMarket({ members: 500, pairs: 1_000, wants: 1_000, seed: 3, releases });
    const exact = await clearMarket(listings, wants, { method: 'exact', solverTimeLimitSeconds: 10 });
    const heuristic = await clearMarket(listings, wants, { method: 'heuristic' });
    expect(heuristic.stats.membersTraded).toBeGreaterThanOrEqual(Math.floor(0.95 * exact.stats.membersTraded));
  }, 60_000);
});
