import type { z } from 'zod';
import { canonicalJson } from '@soleswap/contracts/canonical-json';
import { CatalogQuerySchema, PriceHistoryQuerySchema, ReleasePriceLinesQuerySchema } from '@soleswap/contracts/catalog';
import { SneakerListQuerySchema } from '@soleswap/contracts/sneakers';
import { TradeListQuerySchema } from '@soleswap/contracts/trades';
import { CACHE_NAMESPACES, type CacheNamespace } from './generations';

/**
 * The query a cached read's handler parses, or null when it reads none (any parameters are then
 * ignored). The cache keys an answer on the parsed query, never on the raw query string: two URLs
 * the handler reads alike share an entry, and no made-up parameter makes a new one.
 */
type ReadQuery = z.ZodType | null;

export interface CachedRead {
  /** The route's query schema (the one its handler parses). */
  query: ReadQuery;
  /** What the answer is read from: a write to any of these stops it being served. */
  namespaces: readonly CacheNamespace[];
  /**
   * True when a signed-in member gets a different answer (their own sneakers, blocks, what they
   * may do with a listing): then only visitors' requests are answered from, and stored in, the cache.
   */
  dependsOnViewer: boolean;
}

/**
 * The public reads that are cached, by route. Sneaker answers carry their owner's name and
 * picture, whether they are locked in a trade and verification results, so anything that writes
 * those bumps 'sneakers'; the library's stats and prices are read from members' sneakers too.
 */
export const CACHED_READS: Record<string, CachedRead> = {
  '/api/sneakers/public': { query: SneakerListQuerySchema, namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/sneakers/user/:userId': { query: SneakerListQuerySchema, namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/sneakers/:id': { query: null, namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/catalog': { query: CatalogQuerySchema, namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/stats': { query: null, namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/:id/prices': { query: PriceHistoryQuerySchema, namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/prices': { query: ReleasePriceLinesQuerySchema, namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
};

/** A member's own read, cached for that member alone. */
export interface CachedMemberRead {
  /** The route's query schema (the one its handler parses). */
  query: ReadQuery;
  /** What the answer is read from: a write to any of these stops it being served. */
  namespaces: readonly CacheNamespace[];
}

/**
 * The members' own reads that are cached, each answer kept for the one member who read it (the
 * key holds their id) and served only after the session names that member again. A trade card
 * shows the trade, both sides' sneakers with their escrow locks, the counterpart's card and the
 * member's rating: trades, loops, ratings, profiles and blocks change only through write requests,
 * the trade and loop events and jobs, which bump every namespace; sneaker edits bump 'sneakers'.
 * Nothing on it depends on the clock (allowedActions reads the trade, not the time).
 */
export const CACHED_MEMBER_READS: Record<string, CachedMemberRead> = {
  '/api/trades': { query: TradeListQuerySchema, namespaces: ['trades', 'sneakers'] },
};

/**
 * Writes known not to change any cached read. Every other successful write invalidates every
 * namespace: a route missing here only costs some cache misses, whereas a write wrongly listed
 * here would leave stale answers, so the list stays short and obvious.
 */
const WRITES_THAT_CHANGE_NO_READ = new Set([
  '/api/analytics/events',
  '/api/notifications/read',
  '/api/notifications/preferences',
  '/api/logout',
  '/api/early-signup',
  '/api/admin/early-signups/:id/notified',
  '/api/users/:id/follow',
  '/api/conversations',
  '/api/trades/:id/messages',
  '/api/trades/:id/messages/read',
  '/api/conversations/:id/messages',
  '/api/conversations/:id/messages/read',
]);

/** The namespaces a finished write invalidates, by its route (undefined for an unknown path). */
export function namespacesChangedBy(route: string | undefined): readonly CacheNamespace[] {
  return route !== undefined && WRITES_THAT_CHANGE_NO_READ.has(route) ? [] : CACHE_NAMESPACES;
}

/**
 * Jobs (server/src/modules/register-jobs.ts) whose runs need not invalidate: they write nothing a
 * cached read shows (premium status is not on a sneaker card; the bell, e-mail and push are never
 * cached), or every change they make goes
 * through the trade or loop state machine, whose 'trade.changed' / 'loop.changed' events
 * invalidate already. Any other job invalidates everything when it finishes. The deadline sweeps
 * run every minute: left out of this list, they would empty the cache that often.
 */
const JOBS_THAT_CHANGE_NO_READ = new Set([
  'idempotency.sweep',
  'live.sweep-events',
  'analytics.roll-up-daily',
  'notifications.ship-deadlines',
  'notifications.want-digest',
  'push.send-held',
  'payments.lapse-memberships',
  'trades.sweep-deadlines',
  'loops.sweep-deadlines',
  // Labels are never cached; what it moves on a trade goes through the trade's events.
  'shipping.poll-trackers',
]);

export function namespacesChangedByJob(kind: string): readonly CacheNamespace[] {
  return JOBS_THAT_CHANGE_NO_READ.has(kind) ? [] : CACHE_NAMESPACES;
}

/**
 * The cache key of a GET: its path and the query as its handler parses it (canonical JSON, keys
 * sorted), so `?sort=new&q=jordan`, `?q=jordan&sort=new` and `?q=%20jordan&sort=new` share one
 * entry, and so do `?ids=1,2` and `?ids=1,2,2&period=30d`. Undefined when the query does not
 * parse: the handler refuses it (VALIDATION_FAILED) and nothing is kept.
 */
export function cacheKey(url: string, read: { query: ReadQuery }, query: unknown): string | undefined {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (read.query === null) return path;
  const parsed = read.query.safeParse(query ?? {});
  if (!parsed.success) return undefined;
  try {
    return `${path}?${canonicalJson(parsed.data)}`;
  } catch {
    return undefined;
  }
}
