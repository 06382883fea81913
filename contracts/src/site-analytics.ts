import { z } from 'zod';
import { emptyToUndefined } from './sneakers';

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
  events: z
    .array(SiteEventSchema)
    .min(1, 'Send at least one event')
    .max(SITE_EVENTS_MAX, `At most ${SITE_EVENTS_MAX} events a call`),
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
