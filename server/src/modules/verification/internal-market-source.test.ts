import { describe, expect, it } from 'vitest';
import { blendInternalQuote, InternalMarketSource, recencyWeight, TRADE_HALF_LIFE_DAYS } from './internal-market-source';

const now = new Date('2025-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const catalog = { lastCents: 25_000, lowCents: 21_000, highCents: 32_000 };

describe('blendInternalQuote', () => {
  it('answers the catalogue prices when no trade was completed', () => {
    expect(blendInternalQuote({ catalog, trades: [], now })).toEqual({ marketPrice: 25_000, low: 21_000, high: 32_000, source: 'internal' });
  });

  it('answers nothing without catalogue prices or trades', () => {
    expect(blendInternalQuote({ catalog: null, trades: [], now })).toBeNull();
  });

  it('moves the price a quarter of the way toward one trade completed today', () => {
    const quote = blendInternalQuote({ catalog, trades: [{ valueCents: 29_000, completedAt: now }], now });
    expect(quote?.marketPrice).toBe(26_000);
    // The range blends toward the trade too, and always contains the market price.
    expect(quote?.low).toBe(Math.round(0.75 * 21_000 + 0.25 * 29_000));
    expect(quote?.high).toBe(Math.round(0.75 * 32_000 + 0.25 * 29_000));
  });

  it('counts a trade one half-life old half as much as a fresh one', () => {
    expect(recencyWeight(TRADE_HALF_LIFE_DAYS)).toBeCloseTo(0.5);
    const fresh = blendInternalQuote({ catalog, trades: [{ valueCents: 29_000, completedAt: now }], now })!;
    const older = blendInternalQuote({ catalog, trades: [{ valueCents: 29_000, completedAt: daysAgo(TRADE_HALF_LIFE_DAYS) }], now })!;
    // share = 0.5 / 3.5 = 1/7 of the 4,000 cents gap.
    expect(older.marketPrice).toBe(25_000 + Math.round(4_000 / 7));
    expect(older.marketPrice).toBeLessThan(fresh.marketPrice);
  });

  it('lets recent trades outweigh an old catalogue price', () => {
    const trades = Array.from({ length: 12 }, (_, i) => ({ valueCents: 40_000, completedAt: daysAgo(i) }));
    const quote = blendInternalQuote({ catalog, trades, now })!;
    expect(quote.marketPrice).toBeGreaterThan(36_000);
    expect(quote.high).toBeGreaterThanOrEqual(quote.marketPrice);
  });

  it('ignores stale trades and trades far outside the catalogue range', () => {
    const trades = [
      { valueCents: 60_000, completedAt: daysAgo(365) },
      { valueCents: 3_000, completedAt: now },
      { valueCents: 200_000, completedAt: now },
    ];
    expect(blendInternalQuote({ catalog, trades, now })?.marketPrice).toBe(25_000);
  });

  it('quotes from trades alone when the sneaker is not in the catalogue', () => {
    const trades = [
      { valueCents: 10_000, completedAt: now },
      { valueCents: 14_000, completedAt: now },
    ];
    expect(blendInternalQuote({ catalog: null, trades, now })).toEqual({ marketPrice: 12_000, low: 10_000, high: 14_000, source: 'internal' });
  });
});

describe('InternalMarketSource', () => {
  it('quotes through its loader, with the loaded catalogue and trades', async () => {
    const asked: unknown[] = [];
    const source = new InternalMarketSource(
      async (input) => {
        asked.push(input);
        return { catalog, trades: [{ valueCents: 29_000, completedAt: now }] };
      },
      () => now,
    );
    const input = { catalogReleaseId: 7, brand: 'Jordan', model: 'Air Jordan 4', colorway: 'Black', styleCode: null };
    await expect(source.quote(input)).resolves.toMatchObject({ marketPrice: 26_000, source: 'internal' });
    expect(asked).toEqual([input]);
    expect(source.name).toBe('internal');
  });
});
