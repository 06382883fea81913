import { describe, expect, it } from 'vitest';
import { PortfolioAnalyticsSchema } from '@soleswap/contracts/analytics';
import type { ReadyPortfolioAnalytics } from '@soleswap/contracts/analytics';
import { computePortfolioAnalytics } from './compute-portfolio-analytics';
import type { PortfolioSneaker, PriceSnapshot } from './portfolio-series';

const NOW = new Date('2025-06-30T12:00:00.000Z');
const snap = (sneakerId: number, iso: string, valueCents: number): PriceSnapshot => ({
  sneakerId,
  takenAt: new Date(iso),
  valueCents,
});

/**
 * The worked example, period 7d as of 2025-06-30 12:00 UTC. The grid is 06-23 … 06-30 (8 days).
 *
 *   A Nike   "Dunk Low Panda": $100 since 06-01, $120 from 06-27      → held at start
 *   B Jordan "AJ4 Bred":       $300 since 06-20, $270 from 06-29      → held at start
 *   C Nike   "Air Force 1":    first price $50 on 06-28, $55 at 11:00 on 06-30 → added in the period
 *                              (a $99.99 price at 13:00 on 06-30 is after `now`: ignored)
 *   D Adidas "Samba":          no price at all                         → counted, not valued
 */
const SNEAKERS: PortfolioSneaker[] = [
  { id: 1, name: 'Dunk Low Panda', brand: 'Nike' },
  { id: 2, name: 'AJ4 Bred', brand: 'Jordan' },
  { id: 3, name: 'Air Force 1', brand: 'Nike' },
  { id: 4, name: 'Samba', brand: 'Adidas' },
];
const SNAPSHOTS: PriceSnapshot[] = [
  snap(1, '2025-06-27T09:00:00.000Z', 12000), // out of order on purpose
  snap(1, '2025-06-01T10:00:00.000Z', 10000),
  snap(2, '2025-06-20T10:00:00.000Z', 30000),
  snap(2, '2025-06-29T08:00:00.000Z', 27000),
  snap(3, '2025-06-28T10:00:00.000Z', 5000),
  snap(3, '2025-06-30T11:00:00.000Z', 5500),
  snap(3, '2025-06-30T13:00:00.000Z', 9999),
  snap(99, '2025-06-25T10:00:00.000Z', 1_000_000), // not the member's sneaker
];

function ready(): ReadyPortfolioAnalytics {
  const result = computePortfolioAnalytics({ sneakers: SNEAKERS, snapshots: SNAPSHOTS, period: '7d', now: NOW });
  if (result.state !== 'ready') throw new Error('expected figures');
  return result;
}

describe('computePortfolioAnalytics on the worked example', () => {
  it('answers in the shape of the API contract', () => {
    expect(PortfolioAnalyticsSchema.parse(ready())).toEqual(ready());
  });

  it('totals the latest value of each priced sneaker', () => {
    // 120.00 + 270.00 + 55.00 = 445.00; 4 pairs, 3 priced; average 44500 / 3 = 14833.33 → 14833
    expect(ready()).toMatchObject({
      period: '7d',
      asOf: '2025-06-30T12:00:00.000Z',
      periodStart: '2025-06-23',
      totalValueCents: 44500,
      totalItems: 4,
      valuedItems: 3,
      averageValueCents: 14833,
    });
  });

  it("measures growth from each pair's baseline, so adding a pair is not growth", () => {
    // baselines: A 10000 (06-23) + B 30000 (06-23) + C 5000 (its first price) = 45000
    // change 44500 − 45000 = −500; −500 / 45000 = −1.111…% → −1.11
    expect(ready().growth).toEqual({ baselineCents: 45000, changeCents: -500, changePercent: -1.11 });
  });

  it('draws one point per day, carrying prices forward', () => {
    // 06-23…26: A 10000 + B 30000; 06-27: A 12000; 06-28: + C 5000; 06-29: B 27000; 06-30: C 5500
    expect(ready().series).toEqual([
      { date: '2025-06-23', valueCents: 40000 },
      { date: '2025-06-24', valueCents: 40000 },
      { date: '2025-06-25', valueCents: 40000 },
      { date: '2025-06-26', valueCents: 40000 },
      { date: '2025-06-27', valueCents: 42000 },
      { date: '2025-06-28', valueCents: 47000 },
      { date: '2025-06-29', valueCents: 44000 },
      { date: '2025-06-30', valueCents: 44500 },
    ]);
  });

  it('lists every priced sneaker as a mover, biggest percent gain first', () => {
    // A +2000 (+20%), C +500 (+10%, added), B −3000 (−10%)
    expect(ready().movers).toEqual([
      {
        sneakerId: 1,
        name: 'Dunk Low Panda',
        brand: 'Nike',
        baselineCents: 10000,
        valueCents: 12000,
        changeCents: 2000,
        changePercent: 20,
        isAddedDuringPeriod: false,
      },
      {
        sneakerId: 3,
        name: 'Air Force 1',
        brand: 'Nike',
        baselineCents: 5000,
        valueCents: 5500,
        changeCents: 500,
        changePercent: 10,
        isAddedDuringPeriod: true,
      },
      {
        sneakerId: 2,
        name: 'AJ4 Bred',
        brand: 'Jordan',
        baselineCents: 30000,
        valueCents: 27000,
        changeCents: -3000,
        changePercent: -10,
        isAddedDuringPeriod: false,
      },
    ]);
  });

  it('picks the top performer among pairs with 7 days of history', () => {
    // A: +20% over 7 days → qualifies. C: +10% but priced only 2 days ago → does not.
    expect(ready().topPerformer).toMatchObject({ sneakerId: 1, changePercent: 20 });
  });

  it('scores risk from daily volatility and concentration', () => {
    // Daily returns over pairs priced on both days:
    //   06-24, 25, 26: 0; 06-27: 42000/40000 − 1 = 0.05; 06-28 (A, B only): 42000/42000 − 1 = 0
    //   06-29: 44000/47000 − 1 = −0.0638298; 06-30: 44500/44000 − 1 = 0.0113636
    //   mean −0.00035231, population σ = 0.0309435 → volatility = 0.0309435 / 0.05 = 0.618870
    // Concentration: shares 12000/44500 = 0.26966, 27000/44500 = 0.60674, 5500/44500 = 0.12360
    //   HHI = 0.07272 + 0.36814 + 0.01528 = 0.456129
    // risk = round(100 × (0.618870 + 0.456129) / 2) = round(53.74997) = 54
    expect(ready().riskScore).toBe(54);
  });

  it('scores diversification as 100 × (1 − brand HHI)', () => {
    // Nike 17500 (A + C), Jordan 27000: shares 0.393258, 0.606742
    // HHI = 0.154652 + 0.368136 = 0.522788 → 100 × 0.477212 = 47.72 → 48
    expect(ready().diversificationScore).toBe(48);
  });

  it('gives each brand its share and growth, largest first', () => {
    // Jordan: 27000 of 44500 = 60.674% → 60.67; 30000 → 27000 = −10%
    // Nike: 17500 of 44500 = 39.326% → 39.33; baselines 10000 + 5000 = 15000 → +2500 = +16.67%
    expect(ready().brands).toEqual([
      { brand: 'Jordan', items: 1, valueCents: 27000, sharePercent: 60.67, changeCents: -3000, changePercent: -10, trend: 'down' },
      { brand: 'Nike', items: 2, valueCents: 17500, sharePercent: 39.33, changeCents: 2500, changePercent: 16.67, trend: 'up' },
    ]);
  });
});

describe('empty portfolios', () => {
  it('answers explicitly empty for an empty locker', () => {
    expect(computePortfolioAnalytics({ sneakers: [], snapshots: [], period: '30d', now: NOW })).toEqual({
      period: '30d',
      asOf: '2025-06-30T12:00:00.000Z',
      state: 'empty',
      totalItems: 0,
    });
  });

  it('answers empty, with the number of pairs, when no pair has a price by now', () => {
    const result = computePortfolioAnalytics({
      sneakers: SNEAKERS.slice(0, 2),
      snapshots: [snap(1, '2025-07-01T00:00:00.000Z', 10000)], // only a future price
      period: '30d',
      now: NOW,
    });
    expect(result).toEqual({ period: '30d', asOf: NOW.toISOString(), state: 'empty', totalItems: 2 });
    expect(PortfolioAnalyticsSchema.parse(result)).toEqual(result);
  });
});

describe('periods', () => {
  it.each([
    ['7d', 8, '2025-06-23'],
    ['30d', 31, '2025-05-31'],
    ['90d', 91, '2025-04-01'],
    ['1y', 366, '2024-06-30'],
  ] as const)('%s has %i daily points from %s', (period, points, start) => {
    const result = computePortfolioAnalytics({ sneakers: SNEAKERS, snapshots: SNAPSHOTS, period, now: NOW });
    if (result.state !== 'ready') throw new Error('expected figures');
    expect(result.series).toHaveLength(points);
    expect(result.periodStart).toBe(start);
    expect(result.series.at(-1)).toEqual({ date: '2025-06-30', valueCents: 44500 });
  });

  it('measures a longer period from an earlier baseline', () => {
    // 30d starts 05-31: A had no price before 06-01 → added in the period (baseline 10000);
    // B's first price is 06-20 → added too. Growth is still −500 on 45000.
    const result = computePortfolioAnalytics({ sneakers: SNEAKERS, snapshots: SNAPSHOTS, period: '30d', now: NOW });
    if (result.state !== 'ready') throw new Error('expected figures');
    expect(result.movers.every((m) => m.isAddedDuringPeriod)).toBe(true);
    expect(result.growth).toEqual({ baselineCents: 45000, changeCents: -500, changePercent: -1.11 });
    // A: baseline on day 1 of 30 → 29 days of history; B: 06-20 → 10 days. A still leads at +20%.
    expect(result.topPerformer).toMatchObject({ sneakerId: 1 });
  });

  it('refuses a negative or fractional price instead of computing with it', () => {
    expect(() =>
      computePortfolioAnalytics({ sneakers: SNEAKERS, snapshots: [snap(1, '2025-06-01T00:00:00Z', 10.5)], period: '7d', now: NOW }),
    ).toThrow(RangeError);
  });
});
