import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import { random } from '../bench-workload';

/**
 * The distinct public reads of bench:api and bench:ceiling (server/bench/README.md): words sampled
 * from the listings themselves, as members type them (a whole word, or its first letters while
 * the search box answers as they type), so no two requests of a run ask the same thing and the
 * response cache, keyed by the parsed query, answers none of them.
 */
export interface ReadQueries {
  /** Browse's first page, narrowed the ways members narrow it (size, brand, condition, sort), no words. */
  browse: URLSearchParams[];
  oneWord: URLSearchParams[];
  wordBrand: URLSearchParams[];
  twoWords: URLSearchParams[];
  wordBrandValue: URLSearchParams[];
}

const STOP = new Set(['and', 'the', 'with', 'for', 'size', 'clean']);
const SIZES = ['US 7', 'US 8', 'US 8.5', 'US 9', 'US 9.5', 'US 10', 'US 10.5', 'US 11', 'US 12', 'W 8', 'UK 9', 'EU 44'];
const SORTS = ['', 'newest', 'value_desc', 'value_asc'];

/** Words of a listing's title as a member would type them: 3+ letters, lower case. */
function wordsOf(title: string): string[] {
  return [...new Set(title.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length >= 3 && !STOP.has(w) && !/^\d+$/.test(w));
}

/** A word as typed: whole, or (one time in four, words of 6+ letters) its first 4 or 5 letters. */
function typed(word: string, next: () => number): string {
  if (word.length < 6 || next() >= 0.25) return word;
  return word.slice(0, 4 + Math.floor(next() * 2));
}

/** Samples `listings` available listings (spread over the table) and builds each read's distinct list. */
export async function sampleReadQueries(db: Db, listings = 1500, seed = 33): Promise<ReadQueries> {
  const sampled = rowsOf<{ name: string; brand: string }>(
    await db.execute(sql`
      select name, brand from sneakers
      where is_available_for_trade and id % greatest(1, (select max(id) from sneakers) / ${listings}) = 0
      limit ${listings}`),
  );
  if (sampled.length === 0) throw new Error('No available listings to sample search words from: load data first (npm run db:load).');
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const seen = new Set<string>();
  const distinct = (params: URLSearchParams, into: URLSearchParams[]) => {
    const key = params.toString();
    if (seen.has(key)) return;
    seen.add(key);
    into.push(params);
  };
  const queries: ReadQueries = { browse: [], oneWord: [], wordBrand: [], twoWords: [], wordBrandValue: [] };
  const brands = [...new Set(sampled.map((s) => s.brand))].sort();
  for (const size of SIZES) {
    for (const sort of SORTS) {
      distinct(new URLSearchParams({ size, ...(sort ? { sort } : {}) }), queries.browse);
      for (const brand of brands) distinct(new URLSearchParams({ size, brand, ...(sort ? { sort } : {}) }), queries.browse);
    }
  }
  for (const brand of brands) for (const condition of ['8', '9', '9.5']) distinct(new URLSearchParams({ brand, condition }), queries.browse);
  for (const { name, brand } of sampled) {
    const words = wordsOf(name);
    if (words.length === 0) continue;
    const word = typed(pick(words), next);
    distinct(new URLSearchParams({ q: word }), queries.oneWord);
    distinct(new URLSearchParams({ q: word, brand }), queries.wordBrand);
    distinct(new URLSearchParams({ q: word, brand, sort: 'value_desc' }), queries.wordBrandValue);
    if (words.length >= 2) {
      const first = pick(words);
      const second = pick(words.filter((w) => w !== first));
      distinct(new URLSearchParams({ q: `${first} ${typed(second, next)}` }), queries.twoWords);
    }
  }
  for (const list of Object.values(queries)) shuffle(list, next);
  return queries;
}

function shuffle<T>(list: T[], next: () => number) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
}

/**
 * The n-th request of a list, never the same query twice in a run: the n-th entry, and past the
 * list's end each further round asks a page one shorter (24, 23, ...), which the cache keys apart.
 */
export function distinctReadPath(route: string, list: URLSearchParams[], n: number): string {
  const params = new URLSearchParams(list[n % list.length]!);
  const round = Math.floor(n / list.length);
  if (round > 0) params.set('limit', String(Math.max(1, 24 - round)));
  const query = params.toString();
  return query ? `${route}?${query}` : route;
}
