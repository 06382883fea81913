import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogMarketReleases } from './catalog-market-releases';
import { clearMarket } from './clear-market';
import { clearPart } from './clear-part';
import type { ClearingResult, Listing, Want } from './clearing.types';
import { generateMarket } from './market-generator';
import { marketParts } from './market-parts';
import { strongComponents } from './strong-components';

const releases = catalogMarketReleases();

/** Compressed rows of a small graph given as edges. */
function rows(n: number, edges: readonly (readonly [number, number])[]) {
  const offsets = new Int32Array(n + 1);
  for (const [u] of edges) offsets[u + 1]!++;
  for (let x = 0; x < n; x++) offsets[x + 1]! += offsets[x]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(edges.length);
  for (const [u, v] of edges) targets[fill[u]!++] = v;
  return { offsets, targets };
}

/** u and v are in one component when each reaches the other. */
function reachability(n: number, edges: readonly (readonly [number, number])[]): boolean[][] {
  const reach = Array.from({ length: n }, (_, u) => Array.from({ length: n }, (_, v) => u === v));
  for (const [u, v] of edges) reach[u]![v] = true;
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (reach[i]![k] && reach[k]![j]) reach[i]![j] = true;
  return reach;
}

function expectValidLoops(result: ClearingResult, listings: readonly Listing[], wants: readonly Want[]) {
  const members = result.loops.flatMap((loop) => loop.steps.map((step) => step.giverId));
  expect(new Set(members).size).toBe(members.length);
  const listingById = new Map(listings.map((l) => [l.pairId, l]));
  const wantById = new Map(wants.map((w) => [w.wantId, w]));
  for (const loop of result.loops) {
    loop.steps.forEach((step, i) => {
      const listing = listingById.get(step.pairId)!;
      const want = wantById.get(step.wantId)!;
      expect([listing.ownerId, want.memberId]).toEqual([step.giverId, step.receiverId]);
      expect([listing.releaseId, want.sizes.includes(listing.size), listing.condition >= want.minCondition]).toEqual([want.releaseId, true, true]);
      expect(loop.steps[(i + 1) % loop.steps.length]?.giverId).toBe(step.receiverId);
    });
  }
}

describe('strongComponents', () => {
  it('puts two nodes in one component exactly when each reaches the other, on random graphs', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 30 })),
          ),
        ([n, edges]) => {
          const { offsets, targets } = rows(n, edges);
          const component = strongComponents(n, offsets, targets);
          const reach = reachability(n, edges);
          for (let u = 0; u < n; u++) for (let v = 0; v < n; v++) expect(component[u] === component[v]).toBe(reach[u]![v]! && reach[v]![u]!);
        },
      ),
      { seed: 33, numRuns: 200 },
    );
  });

  it('follows a path of 200,000 nodes without running out of stack', () => {
    const n = 200_000;
    const edges = Array.from({ length: n }, (_, u) => [u, (u + 1) % n] as const);
    const { offsets, targets } = rows(n, edges);
    expect(new Set(strongComponents(n, offsets, targets)).size).toBe(1);
  });
});

describe('marketParts', () => {
  it('leaves out members who can be in no loop and keeps each part within its size', () => {
    const { listings, wants } = generateMarket({ members: 400, pairs: 1_200, wants: 600, seed: 4, releases });
    const { parts, members, tradableMembers, split } = marketParts(listings, wants, 100, 'size');
    const owners = parts.map((part) => new Set([...part.listings.map((l) => l.ownerId), ...part.wants.map((w) => w.memberId)]));
    const everyone = new Set([...listings.map((l) => l.ownerId), ...wants.map((w) => w.memberId)]);
    expect(members).toBe(everyone.size);
    expect(split).toBe(true);
    expect(owners.every((set) => set.size <= 100)).toBe(true);
    expect(owners.reduce((sum, set) => sum + set.size, 0)).toBe(tradableMembers);
    expect(tradableMembers).toBeLessThan(members);
  });
});

describe('clearing in parts', () => {
  it('clears a market with more members than a part holds, over several parts, with valid loops', async () => {
    const { listings, wants } = generateMarket({ members: 600, pairs: 3_000, wants: 1_500, seed: 7, releases });
    const whole = await clearPart(listings, wants);
    const cut = await clearMarket(listings, wants, { partMembers: 150 });
    expect(cut.stats.parts).toBeGreaterThanOrEqual(4);
    expectValidLoops(cut, listings, wants);
    expect(cut.stats.membersTraded).toBeGreaterThanOrEqual(0.95 * whole.stats.membersTraded);
  }, 60_000);

  it('trades as many members by components as clearing the whole graph does, on seeded markets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 60, max: 200 }), async (seed, members) => {
        const { listings, wants } = generateMarket({ members, pairs: members * 3, wants: members * 2, seed, releases });
        const whole = await clearPart(listings, wants);
        const byComponents = await clearMarket(listings, wants);
        expectValidLoops(byComponents, listings, wants);
        // Loops lie inside components, so no member of one is lost; the candidate search differs
        // only in which neighbours it tries first.
        expect(byComponents.stats.membersTraded).toBeGreaterThanOrEqual(0.95 * whole.stats.membersTraded);
        expect(byComponents.stats.tradableMembers).toBeGreaterThanOrEqual(byComponents.stats.membersTraded);
      }),
      { seed: 33, numRuns: 12 },
    );
  }, 120_000);

  it('is deterministic for a seed', async () => {
    const { listings, wants } = generateMarket({ members: 300, pairs: 1_500, wants: 900, seed: 8, releases });
    const first = await clearMarket(listings, wants, { partMembers: 80 });
    const second = await clearMarket(listings, wants, { partMembers: 80 });
    expect(second.loops).toEqual(first.loops);
  }, 60_000);
});
