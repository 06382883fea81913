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
 * a tiny stats answer weigh what they weigh. A Map keeps insertion order, so re-inserting on a
 * hit keeps the least recently used entry first, which is the one evicted.
 */
export class ByteLru {
  private readonly entries = new Map<string, CachedAnswer>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.total;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedAnswer) {
    // One answer larger than the whole budget would only evict everything else.
    if (entry.bytes > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.total += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes;
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear() {
    this.entries.clear();
    this.total = 0;
  }
}

/** Rough weight of an entry: strings are UTF-16 in memory, plus a fixed overhead per entry. */
export function entryBytes(key: string, body: string, headers: Record<string, string>): number {
  let bytes = 2 * (key.length + body.length) + 200;
  for (const [name, value] of Object.entries(headers)) bytes += 2 * (name.length + value.length) + 32;
  return bytes;
}
