import { CACHE_NAMESPACES, type CacheNamespace } from './generations';

export interface CachedRead {
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
  '/api/sneakers/public': { namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/sneakers/user/:userId': { namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/sneakers/:id': { namespaces: ['sneakers'], dependsOnViewer: true },
  '/api/catalog': { namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/stats': { namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/:id/prices': { namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
  '/api/catalog/prices': { namespaces: ['catalog', 'sneakers'], dependsOnViewer: false },
};

/** A member's own read, cached for that member alone. */
export interface CachedMemberRead {
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
  '/api/trades': { namespaces: ['trades', 'sneakers'] },
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
 * cached read shows (premium status is not on a sneaker card), or every change they make goes
 * through the trade or loop state machine, whose 'trade.changed' / 'loop.changed' events
 * invalidate already. Any other job invalidates everything when it finishes. The deadline sweeps
 * run every minute: left out of this list, they would empty the cache that often.
 */
const JOBS_THAT_CHANGE_NO_READ = new Set([
  'idempotency.sweep',
  'live.sweep-events',
  'analytics.roll-up-daily',
  'notifications.ship-deadlines',
  'payments.lapse-memberships',
  'trades.sweep-deadlines',
  'loops.sweep-deadlines',
]);

export function namespacesChangedByJob(kind: string): readonly CacheNamespace[] {
  return JOBS_THAT_CHANGE_NO_READ.has(kind) ? [] : CACHE_NAMESPACES;
}

/**
 * The cache key of a GET: its path and its query parameters sorted by name (a stable sort, so
 * repeated parameters keep their order), so `?sort=new&q=jordan` and `?q=jordan&sort=new` share one entry.
 */
export function cacheKey(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, mark)}?${query}` : url.slice(0, mark);
}
