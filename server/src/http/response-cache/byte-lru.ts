import { LRUCache } from 'lru-cache';

/** What the cache keeps of one answer. */
export interface CachedAnswer {
  body: string;
  contentType: string;
  /** Headers the route set that belong to the answer (X-Next-Cursor). */
  headers: Record<string, string>;
  /** The generations of the namespaces the answer was read under (see Generations.stamp). */
  stamp: string;
  /** Date.now() after which the answer is no longer served. */
  expiresAt: number;
  /**
   * The body as compression sent it on the miss (brotli or gzip), so a hit asking for the same
   * encoding is not compressed again: compressing costs far more than the lookup.
   */
  encoded?: { encoding: 'br' | 'gzip'; bytes: Buffer };
  /** About what the entry holds in memory: body, key, headers and the encoded copy. */
  bytes: number;
}

/**
 * A least-recently-used map bounded by bytes, not entries: a search answer of 48 sneakers and
 * a tiny stats answer weigh what they weigh. lru-cache evicts the least recently used entries
 * once the total weight is over the budget, and never keeps one entry larger than the whole
 * budget (it would only evict everything else).
 */
export type ByteLru = LRUCache<string, CachedAnswer>;

export function byteLru(maxBytes: number): ByteLru {
  return new LRUCache<string, CachedAnswer>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
}

/** Rough weight of an entry: strings are UTF-16 in memory, plus a fixed overhead per entry. */
export function entryBytes(key: string, body: string, headers: Record<string, string>): number {
  let bytes = 2 * (key.length + body.length) + 200;
  for (const [name, value] of Object.entries(headers)) bytes += 2 * (name.length + value.length) + 32;
  return bytes;
}
