import { rowsOf } from '../db/raw-rows';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema/index';
import { AppError } from '../errors';
import { isAnsweredKey } from './idempotency';
import { redisWithDatabaseFallbackStore } from './rate-limit-redis-store';

type Hit = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: Hit) => void;

/**
 * What @fastify/rate-limit hands `child()` at run time: the route's merged limit options with the
 * route in `routeInfo` (empty for createRateLimit). Its typings name route options instead.
 */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit on the `rate_limit_hits` table, so every server instance on the
 * database counts against one budget (the plugin's default store counts per process). A window
 * starts with the caller's first request and lasts the limit's time window, as in the plugin's own
 * stores; one atomic upsert counts the request and reports how many the window holds. The
 * database's clock decides, so instances with drifting clocks still agree.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      countRateLimitHit(db, this.prefix + key, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    /** The window's state without counting a request (the plugin's `{ increment: false }`). */
    read(key: string, callback: StoreCallback) {
      db.select({ current: rateLimitHits.count, ttl: ttlMs() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, this.prefix + key), gt(rateLimitHits.expiresAt, sql`now()`)))
        .then(
          ([row]) => callback(null, row ? { current: row.current, ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
          (error: Error) => callback(error),
        );
    }

    /** Each route keeps its own counters, like the plugin's Redis store: keys are prefixed with method and URL. */
    child(options: object) {
      const { method, url } = (options as ChildOptions).routeInfo ?? {};
      return new PostgresRateLimitStore(
        undefined,
        url ? `${this.prefix}${Array.isArray(method) ? method.join(',') : (method ?? '')}${url}-` : this.prefix,
      );
    }
  };
}

/**
 * Counts one request under `key` and reports how many its window holds and the milliseconds left
 * in it, in one atomic upsert (the store's incr). Given a transaction, the count commits with the
 * transaction's work, or not at all.
 */
export async function countRateLimitHit(db: Db, key: string, timeWindow: number): Promise<Hit> {
  const expired = sql`${rateLimitHits.expiresAt} <= now()`;
  const newExpiry = sql`now() + ${Math.max(1, Math.trunc(timeWindow))}::integer * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowStart: sql`now()`, expiresAt: newExpiry })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimitHits.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({ current: rateLimitHits.count, ttl: ttlMs() });
  return { current: row?.current ?? 1, ttl: Number(row?.ttl ?? timeWindow) };
}

/**
 * countRateLimitHit for several keys in ONE statement (a batch of requests): each key is counted
 * `hits` times at once, and the answer is its window's count after them (so the batch's j-th of k
 * requests under a key was request number `current - k + j`). Rows are upserted in key order, so
 * two batches sharing keys lock them in the same order.
 */
export async function countRateLimitHits(db: Db, hits: ReadonlyArray<{ key: string; hits: number }>, timeWindow: number): Promise<Map<string, Hit>> {
  if (hits.length === 0) return new Map();
  const rows = JSON.stringify([...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  const expired = sql`rate_limit_hits.expires_at <= now()`;
  const result = await db.execute(sql`
    insert into rate_limit_hits (key, count, window_start, expires_at)
    select r.key, r.hits, now(), now() + ${Math.max(1, Math.trunc(timeWindow))}::integer * interval '1 millisecond'
    from jsonb_to_recordset(${rows}::jsonb) as r(key text, hits integer)
    order by r.key
    on conflict (key) do update set
      count = case when ${expired} then excluded.count else rate_limit_hits.count + excluded.count end,
      window_start = case when ${expired} then now() else rate_limit_hits.window_start end,
      expires_at = case when ${expired} then excluded.expires_at else rate_limit_hits.expires_at end
    returning key, count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::integer as ttl
  `);
  const counted = rowsOf<{ key: string; count: number | string; ttl: number | string }>(result);
  return new Map(counted.map((row) => [row.key, { current: Number(row.count), ttl: Number(row.ttl) }]));
}

const ttlMs = () => sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.expiresAt} - now())) * 1000))::integer`;

/** Removes every counter whose key starts with one of `prefixes` (a lock lifted early). */
export async function clearRateLimitHits(db: Db, prefixes: string[]) {
  if (prefixes.length === 0) return;
  await db.delete(rateLimitHits).where(or(...prefixes.map((prefix) => sql`starts_with(${rateLimitHits.key}, ${prefix})`)));
}

/** Removes the counters of windows that are over; run by the scheduler. */
export async function sweepExpiredRateLimitHits(db: Db) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}

/**
 * The plugin's registration options: counters in Redis when REDIS_URL is set (the plugin's own
 * Redis store, falling back to the database while Redis is away), else in the database. Every
 * route opts in with `config.rateLimit` (no global limit). A refusal is RATE_LIMITED (429) with
 * Retry-After, in the app's error shape. A request whose Idempotency-Key already holds an answer
 * is not counted (it is replayed without doing the work again).
 */
export function rateLimitOptions(db: Db, redis: Redis | null, onRedisFallback: (error: Error | null) => void = () => {}): RateLimitPluginOptions {
  const inDatabase = postgresRateLimitStore(db);
  return {
    global: false,
    store: redis ? redisWithDatabaseFallbackStore(redis, inDatabase, onRedisFallback) : inDatabase,
    // A retry that replays a stored answer (same Idempotency-Key) does no work: it uses up no limit.
    allowList: (request) => isAnsweredKey(db, request, new Date()),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    },
  };
}

/**
 * A route limit counted per signed-in member, or per address for a caller without a session
 * (whom the route will refuse anyway). The session is loaded before route hooks run.
 */
export function perMemberLimit(max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => {
      const userId = request.session?.get('userId');
      return userId ? `member:${userId}` : `ip:${request.ip}`;
    },
  };
}
