import { describe, expect, it } from 'vitest';
import { ByteLru, type CachedAnswer } from './byte-lru';
import { cacheKey } from './cache-policy';

const answer = (bytes: number): CachedAnswer => ({ body: 'x', contentType: 'application/json', headers: {}, stamp: '0', expiresAt: Infinity, bytes });

describe('the response cache memory', () => {
  it('evicts the least recently used answers once over its byte budget, and never keeps one larger than the budget', () => {
    const lru = new ByteLru(1000);
    lru.set('a', answer(400));
    lru.set('b', answer(400));
    lru.get('a');
    lru.set('c', answer(400));
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(lru.bytes).toBe(800);

    lru.set('huge', answer(1001));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.set('a', answer(100));
    expect(lru.bytes).toBe(500);
  });

  it('keys a request by its path and its parameters in name order', () => {
    expect(cacheKey('/api/sneakers/public?sort=new&q=jordan')).toBe(cacheKey('/api/sneakers/public?q=jordan&sort=new'));
    expect(cacheKey('/api/sneakers/public?q=jordan&sort=new')).not.toBe(cacheKey('/api/sneakers/public?q=jordan&sort=old'));
    expect(cacheKey('/api/catalog?')).toBe('/api/catalog');
    expect(cacheKey('/api/catalog')).toBe('/api/catalog');
  });
});
