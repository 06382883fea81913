import { describe, expect, it } from 'vitest';
import {
  brandFigures,
  dailyReturns,
  diversificationScore,
  herfindahl,
  percentOf,
  portfolioGrowth,
  riskScore,
  sneakerMove,
  standardDeviation,
  topPerformer,
} from './portfolio-formulas';
import { dailyValues, dayGrid } from './portfolio-series';

const move = (sneakerId: number, brand: string, baselineCents: number, valueCents: number) => ({
  sneakerId,
  name: `Pair ${sneakerId}`,
  brand,
  baselineCents,
  valueCents,
  changeCents: valueCents - baselineCents,
  changePercent: percentOf(valueCents - baselineCents, baselineCents),
  isAddedDuringPeriod: false,
});

describe('percentOf', () => {
  it('rounds to two decimals, half away from zero', () => {
    expect(percentOf(1, 3)).toBe(33.33); // 33.333…
    expect(percentOf(2, 3)).toBe(66.67); // 66.666…
    expect(percentOf(-1, 3)).toBe(-33.33);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 20000)).toBe(0.01); // 0.005 → 0.01
    expect(percentOf(-1, 20000)).toBe(-0.01); // −0.005 → −0.01, not −0
    expect(percentOf(0, 500)).toBe(0);
  });

  it('has no percentage of a zero base', () => {
    expect(percentOf(100, 0)).toBeNull();
  });
});

describe('dayGrid and dailyValues', () => {
  it('reads each day at its end in UTC, and today at now', () => {
    // now 2024-03-01 00:30 UTC, 1 day back: 2024-02-29 (leap day) and 2024-03-01
    const grid = dayGrid(new Date('2024-03-01T00:30:00.000Z'), 1);
    expect(grid.dates).toEqual(['2024-02-29', '2024-03-01']);
    expect(grid.cutoffs).toEqual([Date.parse('2024-02-29T23:59:59.999Z'), Date.parse('2024-03-01T00:30:00.000Z')]);
  });

  it('carries a price forward, keeps the last of a day, and ignores prices after now', () => {
    const grid = dayGrid(new Date('2025-01-03T12:00:00.000Z'), 3); // 12-31, 01-01, 01-02, 01-03
    const at = (iso: string, valueCents: number) => ({ sneakerId: 1, takenAt: new Date(iso), valueCents });
    expect(
      dailyValues(
        [
          at('2025-01-01T08:00:00Z', 100),
          at('2025-01-01T20:00:00Z', 110), // later the same day: this one counts
          at('2025-01-03T11:59:59Z', 130),
          at('2025-01-03T12:00:01Z', 999), // after now
        ],
        grid,
      ),
    ).toEqual([null, 110, 110, 130]);
  });
});

describe('sneakerMove', () => {
  const sneaker = { id: 7, name: 'Samba', brand: 'Adidas' };

  it('measures a pair held at the start from its first day', () => {
    // 8000 → 9000: +1000, +12.5%
    expect(sneakerMove(sneaker, [8000, 8500, 9000])).toMatchObject({
      baselineCents: 8000,
      valueCents: 9000,
      changeCents: 1000,
      changePercent: 12.5,
      isAddedDuringPeriod: false,
      baselineDay: 0,
    });
  });

  it('measures a pair added during the period from its first price', () => {
    // first price 6000 on day 2, 5400 today: −600, −10%
    expect(sneakerMove(sneaker, [null, null, 6000, 5400])).toMatchObject({
      baselineCents: 6000,
      changeCents: -600,
      changePercent: -10,
      isAddedDuringPeriod: true,
      baselineDay: 2,
    });
  });

  it('has no move without a price', () => {
    expect(sneakerMove(sneaker, [null, null])).toBeNull();
  });
});

describe('portfolioGrowth', () => {
  it('sums baselines and values', () => {
    // baselines 10000 + 20000 = 30000, values 12000 + 21000 = 33000: +3000 = +10%
    expect(portfolioGrowth([move(1, 'Nike', 10000, 12000), move(2, 'Nike', 20000, 21000)])).toEqual({
      baselineCents: 30000,
      changeCents: 3000,
      changePercent: 10,
    });
  });
});

describe('topPerformer', () => {
  const held = (id: number, baseline: number, value: number, baselineDay: number) => ({
    ...move(id, 'Nike', baseline, value),
    baselineDay,
  });

  it('needs 7 days of history: a pair priced yesterday cannot win on one jump', () => {
    // day 30 is today. #1: +10% over 30 days; #2: +50% over 1 day; #3: +20% over exactly 7 days.
    const moves = [held(1, 1000, 1100, 0), held(2, 1000, 1500, 29), held(3, 1000, 1200, 23)];
    expect(topPerformer(moves, 30)?.sneakerId).toBe(3);
    expect(topPerformer([held(2, 1000, 1500, 29)], 30)).toBeNull();
  });

  it('breaks a percent tie by cents gained', () => {
    // both +10%; #2 gained 2000 cents, #1 gained 1000
    expect(topPerformer([held(1, 10000, 11000, 0), held(2, 20000, 22000, 0)], 30)?.sneakerId).toBe(2);
  });

  it('names no top performer when nothing gained', () => {
    expect(topPerformer([held(1, 1000, 1000, 0), held(2, 1000, 900, 0)], 30)).toBeNull();
  });
});

describe('dailyReturns and standardDeviation', () => {
  it('compares only pairs priced on both days, so an addition is not a return', () => {
    // day1 vs day0: only A: 110/100 − 1 = 0.1; day2 vs day1: A + B: (121 + 50)/(110 + 50) − 1 = 0.06875
    const returns = dailyReturns([
      [100, 110, 121],
      [null, 50, 50],
    ]);
    expect(returns[0]).toBeCloseTo(0.1, 12);
    expect(returns[1]).toBeCloseTo(0.06875, 12);
  });

  it('skips days where nothing priced on both days is worth anything', () => {
    expect(dailyReturns([[null, 100, 100]])).toEqual([0]);
  });

  it('uses the population standard deviation', () => {
    // [0.01, −0.01]: mean 0, variance (0.0001 + 0.0001) / 2 = 0.0001, σ = 0.01
    expect(standardDeviation([0.01, -0.01])).toBeCloseTo(0.01, 12);
    expect(standardDeviation([0.3])).toBe(0);
    expect(standardDeviation([])).toBe(0);
  });
});

describe('herfindahl', () => {
  it('is 1 for one holding and 1/n for n equal ones', () => {
    expect(herfindahl([500])).toBe(1);
    expect(herfindahl([100, 100, 100, 100])).toBeCloseTo(0.25, 12);
    // 300, 100: shares 0.75, 0.25 → 0.5625 + 0.0625 = 0.625
    expect(herfindahl([300, 100])).toBeCloseTo(0.625, 12);
  });
});

describe('riskScore', () => {
  it('is 50 for a single pair with a flat price: no swing, all eggs in one basket', () => {
    // volatility 0, HHI 1 → 100 × (0 + 1) / 2 = 50
    expect(riskScore([0, 0, 0], [10000])).toBe(50);
  });

  it('halves concentration for two equal pairs', () => {
    // HHI 0.5 → 100 × 0.5 / 2 = 25
    expect(riskScore([0, 0], [5000, 5000])).toBe(25);
  });

  it('caps volatility at a 5% daily swing', () => {
    // returns ±10%: σ = 0.1 ≥ 0.05 → volatility 1; 4 equal pairs HHI 0.25 → 100 × 1.25 / 2 = 62.5 → 63
    expect(riskScore([0.1, -0.1, 0.1, -0.1], [1, 1, 1, 1])).toBe(63);
    // σ = 0.01 → volatility 0.2; two equal pairs HHI 0.5 → 100 × 0.7 / 2 = 35
    expect(riskScore([0.01, -0.01], [1, 1])).toBe(35);
  });
});

describe('diversificationScore', () => {
  it('is 0 for one brand and grows with equal brands', () => {
    expect(diversificationScore([move(1, 'Nike', 100, 100), move(2, 'Nike', 100, 300)])).toBe(0);
    // two equal brands: HHI 0.5 → 50
    expect(diversificationScore([move(1, 'Nike', 100, 100), move(2, 'Vans', 100, 100)])).toBe(50);
    // four equal brands: HHI 0.25 → 75
    expect(diversificationScore(['Nike', 'Vans', 'Puma', 'ASICS'].map((brand, i) => move(i, brand, 100, 100)))).toBe(75);
    // Nike 300, Vans 100: HHI 0.625 → 37.5 → 38
    expect(diversificationScore([move(1, 'Nike', 300, 300), move(2, 'Vans', 100, 100)])).toBe(38);
  });
});

describe('brandFigures', () => {
  it('gives every brand a share of 0 when the portfolio is worth nothing', () => {
    expect(brandFigures([move(1, 'Nike', 0, 0)])).toEqual([
      { brand: 'Nike', items: 1, valueCents: 0, sharePercent: 0, changeCents: 0, changePercent: null, trend: 'flat' },
    ]);
  });

  it('orders equal values by brand name', () => {
    expect(brandFigures([move(1, 'Vans', 100, 100), move(2, 'Nike', 100, 100)]).map((b) => b.brand)).toEqual(['Nike', 'Vans']);
  });
});
