import { z } from 'zod';

/**
 * Portfolio analytics (GET /api/analytics/portfolio?period=): figures computed from the price
 * snapshots of a member's sneakers. Money is integer cents; percentages are numbers rounded to
 * two decimals (12.5 means +12.5%). The formulas live in server/src/modules/analytics/portfolio/.
 */

export const PORTFOLIO_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type PortfolioPeriod = (typeof PORTFOLIO_PERIODS)[number];
export const DEFAULT_PORTFOLIO_PERIOD: PortfolioPeriod = '30d';

/** How many days back each period reaches; the series has one point per day, today included. */
export const PORTFOLIO_PERIOD_DAYS: Record<PortfolioPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** A sneaker needs this many days of price history before it can be the top performer. */
export const TOP_PERFORMER_MIN_HISTORY_DAYS = 7;

export const PortfolioQuerySchema = z.object({
  period: z
    .enum(PORTFOLIO_PERIODS, { error: 'Choose a period of 7d, 30d, 90d or 1y' })
    .default(DEFAULT_PORTFOLIO_PERIOD),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuerySchema>;

const cents = z.number().int();
const nonNegativeCents = cents.nonnegative();
/** null where a percentage has no base to divide by (a value of $0). */
const percent = z.number().nullable();
const score = z.number().int().min(0).max(100);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const TRENDS = ['up', 'down', 'flat'] as const;
export type Trend = (typeof TRENDS)[number];

/** One sneaker's move over the period, measured from its baseline (see PortfolioGrowth). */
export const SneakerMoveSchema = z.object({
  sneakerId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  baselineCents: nonNegativeCents,
  valueCents: nonNegativeCents,
  changeCents: cents,
  changePercent: percent,
  /** Its first price falls inside the period: the baseline is that first price. */
  isAddedDuringPeriod: z.boolean(),
});
export type SneakerMove = z.infer<typeof SneakerMoveSchema>;

/** Value share and growth of one brand: the brand split and the brand market trends in one row. */
export const BrandFigureSchema = z.object({
  brand: z.string(),
  items: z.number().int().positive(),
  valueCents: nonNegativeCents,
  sharePercent: z.number().min(0).max(100),
  changeCents: cents,
  changePercent: percent,
  trend: z.enum(TRENDS),
});
export type BrandFigure = z.infer<typeof BrandFigureSchema>;

/**
 * Growth is market movement only. Each sneaker is measured from its baseline: its value at the
 * start of the period, or, for a pair added during the period, its first price. Adding a pair
 * therefore never shows as growth; only price changes do.
 */
export const PortfolioGrowthSchema = z.object({
  baselineCents: nonNegativeCents,
  changeCents: cents,
  changePercent: percent,
});
export type PortfolioGrowth = z.infer<typeof PortfolioGrowthSchema>;

const common = {
  period: z.enum(PORTFOLIO_PERIODS),
  /** The instant the figures were computed for, ISO. */
  asOf: z.string(),
};

/** No sneaker has a price yet: the page shows an empty state, never sample figures. */
export const EmptyPortfolioAnalyticsSchema = z.object({
  ...common,
  state: z.literal('empty'),
  /** Sneakers in the collection that have no price yet (0 for an empty locker). */
  totalItems: z.number().int().nonnegative(),
});

export const ReadyPortfolioAnalyticsSchema = z.object({
  ...common,
  state: z.literal('ready'),
  /** First day of the series (UTC). */
  periodStart: isoDate,
  /** Latest value of each priced sneaker, summed. */
  totalValueCents: nonNegativeCents,
  /** Every sneaker in the collection, priced or not. */
  totalItems: z.number().int().nonnegative(),
  /** Sneakers with at least one price; the average divides by these. */
  valuedItems: z.number().int().positive(),
  averageValueCents: nonNegativeCents,
  growth: PortfolioGrowthSchema,
  /** Largest positive percent gain among sneakers with enough history; null when none gained. */
  topPerformer: SneakerMoveSchema.nullable(),
  riskScore: score,
  diversificationScore: score,
  /** Sorted by value, largest first. */
  brands: z.array(BrandFigureSchema),
  /** One point per UTC day from periodStart to today. */
  series: z.array(z.object({ date: isoDate, valueCents: nonNegativeCents })),
  /** Every priced sneaker, biggest percent gain first. */
  movers: z.array(SneakerMoveSchema),
});

export const PortfolioAnalyticsSchema = z.discriminatedUnion('state', [
  EmptyPortfolioAnalyticsSchema,
  ReadyPortfolioAnalyticsSchema,
]);
export type PortfolioAnalytics = z.infer<typeof PortfolioAnalyticsSchema>;
export type ReadyPortfolioAnalytics = z.infer<typeof ReadyPortfolioAnalyticsSchema>;

/** GET /api/analytics/portfolio.csv: the collection with its values over the chosen period. */
export const PORTFOLIO_CSV_COLUMNS = [
  'Name',
  'Brand',
  'Size',
  'Condition',
  'Current value',
  'Value at period start',
  'Change',
] as const;

/** soleswap-portfolio-<period>-YYYY-MM-DD.csv (UTC date). */
export function portfolioCsvFileName(period: PortfolioPeriod, now: Date): string {
  return `soleswap-portfolio-${period}-${now.toISOString().slice(0, 10)}.csv`;
}
