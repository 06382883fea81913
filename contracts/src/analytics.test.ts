import { describe, expect, it } from 'vitest';
import { PORTFOLIO_PERIOD_DAYS, PortfolioAnalyticsSchema, PortfolioQuerySchema } from './analytics';

describe('PortfolioQuerySchema', () => {
  it('defaults to 30 days and accepts the four periods', () => {
    expect(PortfolioQuerySchema.parse({})).toEqual({ period: '30d' });
    for (const period of ['7d', '30d', '90d', '1y']) expect(PortfolioQuerySchema.parse({ period })).toEqual({ period });
  });

  it('names the allowed periods when given another', () => {
    const result = PortfolioQuerySchema.safeParse({ period: '2w' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose a period of 7d, 30d, 90d or 1y');
  });

  it('reaches back a year of 365 days', () => {
    expect(PORTFOLIO_PERIOD_DAYS).toEqual({ '7d': 7, '30d': 30, '90d': 90, '1y': 365 });
  });
});

describe('PortfolioAnalyticsSchema', () => {
  const empty = { state: 'empty', period: '30d', asOf: '2025-06-30T12:00:00.000Z', totalItems: 0 };
  const ready = {
    state: 'ready',
    period: '7d',
    asOf: '2025-06-30T12:00:00.000Z',
    periodStart: '2025-06-23',
    totalValueCents: 10000,
    totalItems: 1,
    valuedItems: 1,
    averageValueCents: 10000,
    growth: { baselineCents: 10000, changeCents: 0, changePercent: 0 },
    topPerformer: null,
    riskScore: 50,
    diversificationScore: 0,
    brands: [{ brand: 'Nike', items: 1, valueCents: 10000, sharePercent: 100, changeCents: 0, changePercent: 0, trend: 'flat' }],
    series: [{ date: '2025-06-30', valueCents: 10000 }],
    movers: [],
  };

  it('accepts an explicit empty answer, which carries no figures', () => {
    expect(PortfolioAnalyticsSchema.parse(empty)).toEqual(empty);
    expect(PortfolioAnalyticsSchema.parse({ ...empty, totalValueCents: 1 })).not.toHaveProperty('totalValueCents');
  });

  it('accepts a full answer and refuses scores outside 0–100 or fractional cents', () => {
    expect(PortfolioAnalyticsSchema.parse(ready)).toEqual(ready);
    expect(PortfolioAnalyticsSchema.safeParse({ ...ready, riskScore: 101 }).success).toBe(false);
    expect(PortfolioAnalyticsSchema.safeParse({ ...ready, diversificationScore: -1 }).success).toBe(false);
    expect(PortfolioAnalyticsSchema.safeParse({ ...ready, totalValueCents: 100.5 }).success).toBe(false);
  });

  it('refuses a ready answer without a priced sneaker', () => {
    expect(PortfolioAnalyticsSchema.safeParse({ ...ready, valuedItems: 0 }).success).toBe(false);
  });
});
