import { z } from 'zod';
import { cursorSchema, pageLimitSchema, queryObject, searchTextSchema } from './list-query';
import { PRICE_PERIOD_DAYS, PRICE_PERIODS, type PricePeriod } from './catalog-values';
import { brandFilterSchema } from './sneakers';

export const CATALOG_PAGE_MAX = 100;
/** The library shows the whole top 100 at once (public library fetch limit 100; see docs/web-client.md#timings-and-counts). */
export const CATALOG_PAGE_DEFAULT = 100;

/** A reference release of the catalogue (see docs/rules/sneakers.md#the-catalogue). Money fields are decimal strings. */
export interface CatalogRelease {
  id: number;
  name: string;
  brand: string;
  model: string;
  colorway: string;
  styleCode: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  retailPrice: string;
  /** Typical resale price (last sale). */
  marketPrice: string;
  priceRangeLow: string;
  priceRangeHigh: string;
  /** US sizes of the release's size run. */
  sizes: string[];
  /** 1 is the most popular. */
  popularityRank: number;
  /** Generated SVG of the release in its colours (`GET /api/catalog/:id/artwork.svg`). */
  artworkUrl: string;
}

/** GET /api/catalog/stats: the library's stats cards and brand filter counts. */
export interface CatalogStats {
  /** Releases in the catalogue. */
  total: number;
  /** Distinct brands in the catalogue. */
  brandCount: number;
  /** Releases per brand, most first. */
  brands: Array<{ brand: string; count: number }>;
  /** Member sneakers that passed verification. */
  verifiedCount: number;
  /**
   * Whole dollars. The mean estimated value of member sneakers; while no member has listed a
   * sneaker, the mean market price of the catalogue releases (`averageValueSource` says which).
   */
  averageEstimatedValue: number;
  averageValueSource: 'sneakers' | 'catalog';
}

/** POST /api/admin/seed-sneakers */
export interface SeedCatalogResult {
  /** Releases in the catalogue after the upsert (100 with the shipped data). */
  count: number;
}

/**
 * GET /api/catalog: case-insensitive substring search over name, brand, model, colorway and
 * style code; exact brand (`all` = every brand); most popular first; next page's cursor in
 * the `X-Next-Cursor` header.
 */
/**
 * GET /api/catalog answers a search that found nothing with this header: a spelling of the query
 * that finds releases ("did you mean"), shown by the library.
 */
export const CATALOG_SUGGESTION_HEADER = 'X-Did-You-Mean';

export const CatalogQuerySchema = queryObject({
  q: searchTextSchema,
  brand: brandFilterSchema,
  limit: pageLimitSchema(CATALOG_PAGE_MAX, CATALOG_PAGE_DEFAULT),
  cursor: cursorSchema(256),
});
export type CatalogQuery = z.output<typeof CatalogQuerySchema>;

/** The price history periods live in catalog-values.ts. */
export * from './catalog-values';

/** A price history period; blank or absent means 30d. */
const periodSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.enum(PRICE_PERIODS, { error: 'Period must be 7d, 30d, 90d or 1y' }).default('30d'),
);

/** `GET /api/catalog/:id/prices` and `GET /api/sneakers/:id/prices` */
export const PriceHistoryQuerySchema = queryObject({ period: periodSchema });

/** At most this many releases' price lines in one `GET /api/catalog/prices` (a library page). */
export const RELEASE_PRICE_LINES_MAX = 100;

/**
 * What one `GET /api/catalog/prices` may cover: releases times days of the period. A library page
 * asks for its 100 releases over 30 days; 100 releases over a year answered 2.5 MB for a quarter
 * second of CPU, so a longer period covers fewer releases (90 days: 33, a year: 8).
 */
export const RELEASE_PRICE_LINE_DAYS_MAX = RELEASE_PRICE_LINES_MAX * PRICE_PERIOD_DAYS['30d'];

/** The most releases one `GET /api/catalog/prices` may ask for over `period`. */
export const releasePriceLinesMax = (period: PricePeriod) =>
  Math.min(RELEASE_PRICE_LINES_MAX, Math.floor(RELEASE_PRICE_LINE_DAYS_MAX / PRICE_PERIOD_DAYS[period]));

const idListMessage = `Ids must be a comma-separated list of 1 to ${RELEASE_PRICE_LINES_MAX} release ids`;

/** `GET /api/catalog/prices?ids=1,2,3&period=30d`: the price lines of the releases a library page shows. */
export const ReleasePriceLinesQuerySchema = queryObject({
  period: periodSchema,
  ids: z
    .string({ error: idListMessage })
    .max(RELEASE_PRICE_LINES_MAX * 11, idListMessage)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const ids = parts.map(Number);
      const valid =
        parts.length <= RELEASE_PRICE_LINES_MAX && parts.every((part, i) => /^\d{1,10}$/.test(part) && ids[i]! >= 1 && ids[i]! <= 2_147_483_647);
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: idListMessage });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
}).superRefine(({ ids, period }, ctx) => {
  const max = releasePriceLinesMax(period);
  if (ids.length > max) ctx.addIssue({ code: 'custom', path: ['ids'], message: `At most ${max} release ids for the period ${period}` });
});

export interface PricePoint {
  /** ISO time the price was observed. */
  at: string;
  /** Decimal string, "285.00". */
  price: string;
  /** internal, stockx, goat, daily, or demo (made-up history of the demo). */
  source: string;
}

export interface PriceHistory {
  period: PricePeriod;
  /** Oldest first. */
  points: PricePoint[];
  /** Over the period's points; null when there are none. */
  min: string | null;
  median: string | null;
  max: string | null;
  /** A sneaker with no history of its own shows its catalogue release's. */
  basis: 'sneaker' | 'release';
}

/** One release's points over the period, oldest first; a release without snapshots has none. */
export interface ReleasePriceLine {
  releaseId: number;
  points: PricePoint[];
}

/** `GET /api/catalog/prices`: one line per requested release that exists, in the order asked. */
export interface ReleasePriceLines {
  period: PricePeriod;
  lines: ReleasePriceLine[];
}
