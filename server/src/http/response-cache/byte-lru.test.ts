import { describe, expect, it } from 'vitest';
import { byteLru, type CachedAnswer } from './byte-lru';
import { CACHED_READS, cacheKey } from './cache-policy';

const answer = (bytes: number): CachedAnswer => ({ body: 'x', contentType: 'application/json', headers: {}, stamp: '0', expiresAt: Infinity, bytes });

describe('the response cache memory', () => {
  it('evicts the least recently used answers once over its byte budget, and never keeps one larger than the budget', () => {
    const lru = byteLru(1000);
    lru.set('a', answer(400));
    lru.set('b', answer(400));
    lru.get('a');
    lru.set('c', answer(400));
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(lru.calculatedSize).toBe(800);

    lru.set('huge', answer(1001));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.set('a', answer(100));
    expect(lru.calculatedSize).toBe(500);
  });

  it('keys a request by its path and its query as the handler parses it', () => {
    const key = (route: string, url: string) => {
      const mark = url.indexOf('?');
      const query = mark === -1 ? {} : Object.fromEntries(new URLSearchParams(url.slice(mark + 1)));
      return cacheKey(url, CACHED_READS[route]!, query);
    };
    const browse = (url: string) => key('/api/sneakers/public', url);
    expect(browse('/api/sneakers/public?sort=newest&q=jordan')).toBe(browse('/api/sneakers/public?q=jordan&sort=newest'));
    expect(browse('/api/sneakers/public?q=%20jordan%20&sort=newest&limit=24')).toBe(browse('/api/sneakers/public?q=jordan&sort=newest'));
    expect(browse('/api/sneakers/public?q=jordan&sort=newest')).not.toBe(browse('/api/sneakers/public?q=jordan&sort=relevance'));
    // A parameter the handler refuses has no key: its 400 is never kept.
    expect(browse('/api/sneakers/public?q=jordan&utm=1')).toBeUndefined();
    expect(browse('/api/sneakers/public?sort=cheapest')).toBeUndefined();

    const lines = (url: string) => key('/api/catalog/prices', url);
    expect(lines('/api/catalog/prices?ids=1,2,2&period=30d')).toBe(lines('/api/catalog/prices?ids=1,2'));
    expect(lines('/api/catalog/prices?ids=1,2')).not.toBe(lines('/api/catalog/prices?ids=2,1'));
    expect(key('/api/catalog', '/api/catalog?')).toBe(key('/api/catalog', '/api/catalog'));
    // A read without a query ignores any parameters: they make no new entry.
    expect(key('/api/catalog/stats', '/api/catalog/stats?x=1')).toBe('/api/catalog/stats');
  });
});
