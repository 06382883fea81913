import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { redisWithDatabaseFallbackStore, type RateLimitStore } from './rate-limit-redis-store';

type Hit = { current: number; ttl: number };

/** A store that answers every count with `answer` (a hit, or an error) and records the keys it was asked. */
function fakeStore(answer: () => Hit | Error) {
  const asked: string[] = [];
  const store: RateLimitStore = {
    incr: (key, callback) => {
      asked.push(key);
      const result = answer();
      if (result instanceof Error) callback(result);
      else callback(null, result);
    },
    read: (key, callback) => store.incr(key, callback, 0, 0),
    child: () => store,
  };
  return { store, asked };
}

const count = (store: RateLimitStore, key: string) =>
  new Promise<Hit | undefined>((resolve, reject) => store.incr(key, (error, hit) => (error ? reject(error) : resolve(hit)), 60_000, 10));

describe('rate-limit counters in Redis, in the database while Redis is away', () => {
  const setUp = (status: string, redisAnswer: () => Hit | Error) => {
    const redis = { status } as unknown as Redis;
    const inRedis = fakeStore(redisAnswer);
    const inDatabase = fakeStore(() => ({ current: 7, ttl: 1000 }));
    const onFallback = vi.fn();
    const Store = redisWithDatabaseFallbackStore(redis, class {} as never, onFallback);
    const store = new (Store as unknown as new (o: object, r: RateLimitStore, d: RateLimitStore) => RateLimitStore)(
      {},
      inRedis.store,
      inDatabase.store,
    );
    return { redis, store, inRedis, inDatabase, onFallback };
  };

  it('counts in Redis while it answers', async () => {
    const { store, inDatabase, onFallback } = setUp('ready', () => ({ current: 3, ttl: 5000 }));
    expect(await count(store, 'ip:1')).toEqual({ current: 3, ttl: 5000 });
    expect(inDatabase.asked).toEqual([]);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('counts in the database when Redis fails a count, and says so once an outage', async () => {
    let redisUp = false;
    const { store, inDatabase, onFallback } = setUp('ready', () => (redisUp ? { current: 1, ttl: 60_000 } : new Error('Connection is closed.')));
    expect(await count(store, 'ip:1')).toEqual({ current: 7, ttl: 1000 });
    expect(await count(store, 'ip:2')).toEqual({ current: 7, ttl: 1000 });
    expect(inDatabase.asked).toEqual(['ip:1', 'ip:2']);
    expect(onFallback).toHaveBeenCalledTimes(1);

    redisUp = true;
    expect(await count(store, 'ip:3')).toEqual({ current: 1, ttl: 60_000 });
    redisUp = false;
    await count(store, 'ip:4');
    expect(onFallback).toHaveBeenCalledTimes(2);
  });

  it('does not make a request wait for a Redis that is reconnecting', async () => {
    const { store, inRedis, inDatabase } = setUp('reconnecting', () => ({ current: 1, ttl: 1 }));
    expect(await count(store, 'ip:1')).toEqual({ current: 7, ttl: 1000 });
    expect(inRedis.asked).toEqual([]);
    expect(inDatabase.asked).toEqual(['ip:1']);
  });
});
