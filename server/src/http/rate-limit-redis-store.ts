import type { Redis } from 'ioredis';
// The plugin's own Redis store (its Lua script counts and sets the window in one call); the
// package has no exports map, so its file is reachable, and it has no typings of its own.
// @ts-expect-error: untyped CommonJS module
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

type Hit = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: Hit) => void;

/** What @fastify/rate-limit asks of a store. */
export interface RateLimitStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow?: number, max?: number): void;
  child(options: object): RateLimitStore;
}

type StoreClass = new (options?: { continueExceeding?: boolean; exponentialBackoff?: boolean }) => RateLimitStore;

const NAMESPACE = 'soleswap-rate-limit-';

/**
 * Counters in Redis while Redis answers, in the database while it does not. Without the fallback
 * a Redis outage turned every rate-limited route into a 500; failing open instead would lift the
 * limits for as long as the outage lasts. During an outage a window's count starts again in the
 * database (so a member may get up to one extra budget in the minute Redis went away), and a request
 * does not wait for a Redis that is reconnecting: only a connection that is ready is asked.
 */
export function redisWithDatabaseFallbackStore(redis: Redis, Database: StoreClass, onFallback: (error: Error | null) => void): StoreClass {
  // Told once an outage, not once a request.
  let counting: 'redis' | 'database' = 'redis';
  const fallBack = (error: Error | null) => {
    if (counting === 'redis') onFallback(error);
    counting = 'database';
  };
  class RedisWithDatabaseFallbackStore implements RateLimitStore {
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean } = {},
      private readonly inRedis: RateLimitStore = new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, NAMESPACE),
      private readonly inDatabase: RateLimitStore = new Database(options),
    ) {}

    private either(ask: (store: RateLimitStore, callback: StoreCallback) => void, callback: StoreCallback) {
      if (redis.status !== 'ready') {
        fallBack(null);
        ask(this.inDatabase, callback);
        return;
      }
      ask(this.inRedis, (error, hit) => {
        if (error) {
          fallBack(error);
          ask(this.inDatabase, callback);
          return;
        }
        counting = 'redis';
        callback(null, hit);
      });
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      this.either((store, done) => store.incr(key, done, timeWindow, max), callback);
    }

    read(key: string, callback: StoreCallback, timeWindow?: number, max?: number) {
      this.either((store, done) => store.read(key, done, timeWindow, max), callback);
    }

    /** Each route keeps its own counters in both stores. */
    child(options: object): RateLimitStore {
      return new RedisWithDatabaseFallbackStore({}, this.inRedis.child(options), this.inDatabase.child(options));
    }
  }
  return RedisWithDatabaseFallbackStore;
}

/**
 * A Redis connection for the rate limits, with the short timeouts the plugin recommends. ioredis
 * is imported here, only when REDIS_URL is set, rather than at every start.
 */
export async function openRateLimitRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableAutoPipelining: true });
}

/** Closes the connection: politely when it is up, at once when it is still trying to reconnect. */
export async function closeRateLimitRedis(redis: Redis) {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}
