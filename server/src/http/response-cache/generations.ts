/**
 * What cached reads depend on. An answer is stored with the generation of each namespace it
 * reads; a write that changes what such reads show bumps the namespace, and every answer stored
 * under an older generation stops being served. An answer read while a write was committing
 * carries the generation from before the bump, so it is never served afterwards either.
 */
export const CACHE_NAMESPACES = ['sneakers', 'catalog', 'trades'] as const;
export type CacheNamespace = (typeof CACHE_NAMESPACES)[number];

export class Generations {
  private readonly counters = new Map<CacheNamespace, number>(CACHE_NAMESPACES.map((ns) => [ns, 0]));

  /** The generations of `namespaces` now, as one comparable string. */
  stamp(namespaces: readonly CacheNamespace[]): string {
    if (namespaces.length === 1) return String(this.counters.get(namespaces[0]!));
    return namespaces.map((ns) => this.counters.get(ns)).join('.');
  }

  bump(namespaces: readonly CacheNamespace[]) {
    for (const ns of namespaces) this.counters.set(ns, (this.counters.get(ns) ?? 0) + 1);
  }
}

/** Namespaces named in a notification; unknown names are ignored. */
export function parseNamespaces(text: string): CacheNamespace[] {
  return text.split(',').filter((name): name is CacheNamespace => (CACHE_NAMESPACES as readonly string[]).includes(name));
}
