import { describe, expect, it } from 'vitest';
import { catalogMarketReleases } from './catalog-market-releases';
import { clearMarketInWorker } from './clear-in-worker';
import { clearMarket } from './clear-market';
import type { Listing, Want } from './clearing.types';
import { decodeMarket, encodeMarket } from './market-columns';
import { generateMarket } from './market-generator';
import { clearPartsHere, createPartPool } from './part-pool';

describe('the market in columns', () => {
  it('decodes to the very listings, wants and blocks it was made from, whatever the ids', () => {
    const listings: Listing[] = [
      { pairId: 7, ownerId: 'ann', releaseId: 3, size: '10.5', condition: 9.5, valueCents: 25_000 },
      { pairId: 'p-9', ownerId: 42, releaseId: 'r-x', size: '10', condition: 8, valueCents: 0 },
    ];
    const wants: Want[] = [
      { wantId: 1, memberId: 42, releaseId: 3, sizes: ['10.5', '11'], minCondition: 8, maxValueCents: null, rank: 1 },
      { wantId: 2, memberId: 'ann', releaseId: 'r-x', sizes: ['10'], minCondition: 6, maxValueCents: 30_000, rank: 2 },
    ];
    const { columns, transfer } = encodeMarket({
      listings,
      wants,
      excludedPairs: [
        ['ann', 42],
        ['ann', 'somebody-else'],
      ],
    });
    expect(transfer.length).toBeGreaterThan(10);
    expect(decodeMarket(columns)).toEqual({ listings, wants, excludedPairs: [['ann', 42]] });
  });
});

describe('clearMarketInWorker', () => {
  it('returns what clearing on this thread returns, declined loops and blocks included', async () => {
    const market = generateMarket({ members: 300, pairs: 3_000, wants: 1_500, seed: 2, releases: catalogMarketReleases() });
    const options = { partMembers: 100, method: 'heuristic' } as const;
    const here = await clearMarket(market.listings, market.wants, options);
    const declinedFingerprints = new Set([here.loops[0]!.fingerprint]);
    const excludedPairs = [[here.loops[1]!.steps[0]!.giverId, here.loops[1]!.steps[1]!.giverId] as const];
    const expected = await clearMarket(market.listings, market.wants, { ...options, declinedFingerprints, excludedPairs });
    // One part thread and two (CLEARING_THREADS): the same loops.
    for (const threads of [1, 2]) {
      const inWorker = await clearMarketInWorker({ ...market, excludedPairs }, { ...options, declinedFingerprints, threads });
      expect(inWorker.loops).toEqual(expected.loops);
      expect(inWorker.stats).toEqual(expected.stats);
      expect(inWorker.loops.map((loop) => loop.fingerprint)).not.toContain(here.loops[0]!.fingerprint);
    }
  }, 60_000);
});

describe('the part pool', () => {
  it('clears a market into the same loops as one part after the other on this thread, whichever thread ends first', async () => {
    const market = generateMarket({ members: 400, pairs: 4_000, wants: 2_000, seed: 3, releases: catalogMarketReleases() });
    const options = { partMembers: 60, method: 'heuristic' } as const;
    const here = await clearMarket(market.listings, market.wants, options, clearPartsHere);
    const excludedPairs = [[here.loops[0]!.steps[0]!.giverId, here.loops[0]!.steps[1]!.giverId] as const];
    const declinedFingerprints = new Set([here.loops[1]!.fingerprint]);
    const withBoth = { ...options, excludedPairs, declinedFingerprints };
    const expected = await clearMarket(market.listings, market.wants, withBoth, clearPartsHere);
    const pool = createPartPool(2);
    try {
      const pooled = await clearMarket(market.listings, market.wants, withBoth, pool.clearParts);
      expect(pooled.stats.parts).toBeGreaterThan(2);
      expect(pooled.loops).toEqual(expected.loops);
      expect(pooled.stats).toEqual(expected.stats);
      expect(pooled.selection).toEqual(expected.selection);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
