import type { SneakerSort } from '@soleswap/contracts/sneakers';
import type { Db } from '../src/db/client';
import { planSearch, type SearchPosition } from '../src/modules/sneakers/search-plan';
import { findSneakerPage, type SneakerFilters, type SneakerPageRequest } from '../src/modules/sneakers/sneaker-search.repository';

export interface BenchRelease {
  name: string;
  brand: string;
  model: string;
  colorway: string;
}

export interface BenchQuery {
  label: string;
  filters: SneakerFilters;
  sort?: SneakerSort;
  /** Read this many pages and time the last one (deep pagination). */
  page?: number;
}

/** Small deterministic PRNG (mulberry32), so every run asks the same questions. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP_WORDS = new Set(['and', 'the', 'with', 'for', 'retro', 'low', 'high', 'mid']);

/** The words a person would type from a release: name and colorway words of 3+ letters. */
export function wordsOf(release: BenchRelease): string[] {
  const words = `${release.name} ${release.colorway}`.toLowerCase().split(/[^a-z0-9]+/);
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)))];
}

/**
 * The headline workload: one word from a release with that release's brand as the filter,
 * as a member narrowing browse to Jordan and typing "bred". Every query is distinct (a word is
 * also typed as its first letters, as the search box answers while a member types), so no two
 * read the same index entries; when the words run out, fewer than `count` come back.
 */
export function oneWordWithBrand(releases: BenchRelease[], count: number, seed = 42): BenchQuery[] {
  const next = random(seed);
  const seen = new Set<string>();
  const queries: BenchQuery[] = [];
  for (let tries = 0; queries.length < count && tries < count * 50; tries++) {
    const release = releases[Math.floor(next() * releases.length)]!;
    const words = wordsOf(release);
    const whole = words[Math.floor(next() * words.length)]!;
    const word = whole.length >= 6 && next() < 0.5 ? whole.slice(0, 3 + Math.floor(next() * (whole.length - 3))) : whole;
    const label = `${word} + ${release.brand}`;
    if (seen.has(label)) continue;
    seen.add(label);
    queries.push({ label, filters: { tokens: [word], brand: release.brand } });
  }
  return queries;
}

/** A word from one brand's release with another brand's filter: few or no matches. */
export function mismatchedBrand(releases: BenchRelease[], brands: string[], count: number, seed = 7): BenchQuery[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const release = releases[Math.floor(next() * releases.length)]!;
    const words = wordsOf(release);
    const word = words[Math.floor(next() * words.length)]!;
    const others = brands.filter((b) => b !== release.brand);
    const brand = others[Math.floor(next() * others.length)]!;
    return { label: `${word} + ${brand}`, filters: { tokens: [word], brand } };
  });
}

export interface Timing {
  label: string;
  ms: number;
  /** db.execute calls of the search: 1 = walk only; more = the trigram fallback or lower tiers ran. */
  statements: number;
  rows: number;
}

/** Counts the raw statements the repository runs, to tell walk-only searches from fallbacks. */
export function countingDb(db: Db): { db: Db; take(): number } {
  let count = 0;
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'execute') {
        return (...args: unknown[]) => {
          count++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: proxy as Db,
    take() {
      const n = count;
      count = 0;
      return n;
    },
  };
}

/** The request the API builds for a query (GET /api/sneakers?q=...&brand=..., 24 a page). */
export function requestFor(query: BenchQuery, after?: SearchPosition): SneakerPageRequest {
  return {
    filters: query.filters,
    plan: planSearch({ sort: query.sort, hasWords: query.filters.tokens.length > 0 }),
    after,
    limit: 24,
  };
}

/** Runs each query through findSneakerPage, the function the API uses, and times it. */
export async function runQueries(db: Db, queries: BenchQuery[]): Promise<Timing[]> {
  const counting = countingDb(db);
  const timings: Timing[] = [];
  for (const query of queries) {
    let after: SearchPosition | undefined;
    for (let page = 1; page < (query.page ?? 1); page++) {
      after = (await findSneakerPage(db, requestFor(query, after))).next ?? undefined;
    }
    counting.take();
    const started = performance.now();
    const result = await findSneakerPage(counting.db, requestFor(query, after));
    timings.push({ label: query.label, ms: performance.now() - started, statements: counting.take(), rows: result.records.length });
  }
  return timings;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Summary {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Share of searches that needed more than the ordered walk. */
  fallbackShare: number;
}

export function summarize(name: string, timings: Timing[]): Summary {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    name,
    count: timings.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1]!,
    fallbackShare: timings.filter((t) => t.statements > 1).length / timings.length,
  };
}
