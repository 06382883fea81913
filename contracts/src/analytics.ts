import { z } from 'zod';
import { emptyToUndefined } from './list-query';

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
  period: z.enum(PORTFOLIO_PERIODS, { error: 'Choose a period of 7d, 30d, 90d or 1y' }).default(DEFAULT_PORTFOLIO_PERIOD),
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

/**
 * Where a pair's value comes from: `market`, the market price of its catalogue release (a
 * deadstock price, so adjusted for the pair's condition); `estimate`, the owner's own estimate.
 */
export const VALUE_SOURCES = ['market', 'estimate'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

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
  /** Where its value comes from. */
  valueSource: z.enum(VALUE_SOURCES).optional(),
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

/** The locker is empty (every pair has at least its owner's estimate): the page shows an empty state, never sample figures. */
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
  /** How many pairs each source values. */
  valueSources: z.object({ market: z.number().int().nonnegative(), estimate: z.number().int().nonnegative() }).optional(),
  /**
   * False while no pair has a recorded price yet: every value is today's, from what is known now
   * (market price or estimate), so there is no change to show.
   */
  hasPriceHistory: z.boolean().optional(),
  /** Some of the history is the demo data's made-up prices (labelled as on a sneaker's page). */
  includesDemoHistory: z.boolean().optional(),
});

export const PortfolioAnalyticsSchema = z.discriminatedUnion('state', [EmptyPortfolioAnalyticsSchema, ReadyPortfolioAnalyticsSchema]);
export type PortfolioAnalytics = z.infer<typeof PortfolioAnalyticsSchema>;
export type ReadyPortfolioAnalytics = z.infer<typeof ReadyPortfolioAnalyticsSchema>;

/** GET /api/analytics/portfolio.csv: the collection with its values over the chosen period. */
export const PORTFOLIO_CSV_COLUMNS = ['Name', 'Brand', 'Size', 'Condition', 'Current value', 'Value at period start', 'Change'] as const;

/** soleswap-portfolio-<period>-YYYY-MM-DD.csv (UTC date). */
export function portfolioCsvFileName(period: PortfolioPeriod, now: Date): string {
  return `soleswap-portfolio-${period}-${now.toISOString().slice(0, 10)}.csv`;
}

/* Site analytics: GET /api/analytics/stats and POST /api/analytics/events. */

/** Most events one `POST /api/analytics/events` call may carry. */
export const SITE_EVENTS_MAX = 50;
/** The statistics window: one hour up to a year. */
export const STATS_HOURS_MIN = 1;
export const STATS_HOURS_MAX = 8760;
/** The page's two windows: 24 h (default) and 7 days. */
export const STATS_HOURS_DEFAULT = 24;
export const STATS_HOURS_WEEK = 168;
/** Up to this many hours the visits chart has hourly buckets; above it, daily ones. */
export const STATS_HOURLY_MAX_HOURS = 48;
/** How many pages, devices and browsers the statistics list. */
export const STATS_TOP_MAX = 10;

export const PAGE_VIEW_ACTION = 'page_view';

/** One thing a visitor did: a page view unless `action` says otherwise. */
export const SiteEventSchema = z.object({
  /** The path and query of the page, e.g. `/browse?q=dunk`. */
  page: z.string().trim().min(1, 'Page is required').max(512).startsWith('/', 'Page must be a path starting with /'),
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.:-]{1,64}$/, 'Action is a short lower-case name')
    .optional(),
  /** The browser's clock when it happened; the server keeps it only when it is recent. */
  timestamp: z.string().datetime({ offset: true }).optional(),
});
export type SiteEvent = z.infer<typeof SiteEventSchema>;

/**
 * POST /api/analytics/events. `sessionId` is the visitor's random first-party id (kept by the
 * browser for the tab's life), never derived from anything that identifies the person.
 */
export const TrackEventsSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Session id must be 16 to 64 letters, digits, - or _'),
  events: z.array(SiteEventSchema).min(1, 'Send at least one event').max(SITE_EVENTS_MAX, `At most ${SITE_EVENTS_MAX} events a call`),
});
export type TrackEvents = z.infer<typeof TrackEventsSchema>;

const HOURS_MESSAGE = `Hours must be a whole number from ${STATS_HOURS_MIN} to ${STATS_HOURS_MAX}`;

/** GET /api/analytics/stats?hours=N */
export const SiteStatsQuerySchema = z.object({
  hours: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, HOURS_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(STATS_HOURS_MIN, HOURS_MESSAGE).max(STATS_HOURS_MAX, HOURS_MESSAGE))
      .default(STATS_HOURS_DEFAULT),
  ),
});
export type SiteStatsQuery = z.infer<typeof SiteStatsQuerySchema>;

export interface PageCount {
  page: string;
  count: number;
}
export interface DeviceCount {
  device: string;
  count: number;
}
export interface BrowserCount {
  browser: string;
  count: number;
}
/** One bar of the visits chart: an hour or a UTC day starting at `start`. */
export interface VisitsBucket {
  start: string;
  visits: number;
  pageViews: number;
}

export interface SiteStats {
  /** Visits: distinct (visitor session, UTC day) pairs. */
  totalVisitors: number;
  /** Distinct visitor sessions in the period. */
  uniqueVisitors: number;
  /** Page-view events in the period. */
  pageViews: number;
  /** Most viewed pages, most first; count = page views. */
  topPages: PageCount[];
  /** Visits per device type (desktop, mobile, tablet, ...). */
  deviceBreakdown: DeviceCount[];
  /** Visits per browser. */
  browserBreakdown: BrowserCount[];
  /** Hourly buckets for up to 48 hours, daily (UTC) ones above. */
  visitsOverTime: VisitsBucket[];
  bucket: 'hour' | 'day';
}

/** GET /api/analytics/stats answer. Bots are never counted. */
export interface SiteAnalytics {
  /** The window asked for, e.g. "24h" or "168h". */
  timeframe: string;
  /** The exact period the figures cover. */
  period: { from: string; to: string };
  stats: SiteStats;
  /** When the figures were computed (the page's "last updated"). */
  generatedAt: string;
}
