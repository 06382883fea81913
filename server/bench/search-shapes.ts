import { SIZE_SYSTEMS, sizeLabel, sizesIn } from '@soleswap/contracts/sneaker-sizes';
import { CATALOG_RELEASES } from '../src/modules/catalog/data/releases';
import { SEARCH_QUERIES } from '../src/modules/catalog/search-queries.fixture';
import { random } from './bench-workload';

/**
 * The search shapes collectors type (issue #31), each as a list of DISTINCT queries, so that no
 * query repeats within a run and no response cache can answer one (bench:search, bench:api):
 * - exact: a release's name as the catalogue spells it ("air jordan 4 retro bred reimagined");
 * - typo: that name with one edit in one word of 5+ letters (dropped, doubled, swapped or wrong);
 * - abbreviation: the collector queries that shorten (aj1, nb, yzy, af1, ts, j4, sb...);
 * - alias: the other collector queries: nicknames, number words, plurals, spacing, accents;
 * - style code: each release's code as typed, with or without the dash or space, any case;
 * - size: a size filter in each system (US, W, UK, EU, cm), alone or with a release's name.
 */
export type SearchShape = 'exact' | 'typo' | 'abbreviation' | 'alias' | 'style code' | 'size';

/** One query: the search words (may be empty) and the size filter (may be absent). */
export interface ShapeQuery {
  q: string;
  size?: string;
}

const fold = (name: string) =>
  name
    .toLowerCase()
    .replace(/['"]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Words that shorten: the abbreviation shape (the rest of the collector queries are aliases). */
const ABBREVIATION = /\b(aj ?\d+|j\d+|nb|yzy|af ?1|am ?\d*|ts|sb|amm|fog|ct|rnr|gt\d+)\b/;

const STYLE_VARIANTS = [
  (code: string) => code,
  (code: string) => code.replace(/[-\s]/g, ''),
  (code: string) => code.toLowerCase().replace(/-/g, ' '),
];

/** One edit in the `k`-th long word: dropped, doubled, swapped with the next, or replaced. */
function typo(name: string, k: number, edit: number): string | null {
  const words = fold(name).split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5 && /^[a-z]+$/.test(w));
  if (long.length === 0) return null;
  const [word, at] = long[k % long.length]!;
  const p = 1 + (k % (word.length - 2));
  const changed = [
    word.slice(0, p) + word.slice(p + 1),
    word.slice(0, p) + word[p] + word.slice(p),
    word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2),
    word.slice(0, p) + (word[p] === 'e' ? 'a' : 'e') + word.slice(p + 1),
  ][edit % 4]!;
  words[at] = changed;
  return words.join(' ');
}

/** Each shape's distinct queries, in a fixed shuffled order (the same every run). */
export function searchShapes(): Record<SearchShape, ShapeQuery[]> {
  const names = CATALOG_RELEASES.map((r) => r.name);
  // The fixture's style codes are the style code shape's; the rest are abbreviations or aliases.
  const collector = [...new Set(SEARCH_QUERIES.map(([q]) => q.toLowerCase()))].filter((q) => !/^[a-z]{1,3}\d{3,}[\s-]?\d{0,3}$/.test(q));
  const sizes = SIZE_SYSTEMS.flatMap((system) => sizesIn(system).map((value) => sizeLabel(system, value)));
  const shapes: Record<SearchShape, ShapeQuery[]> = {
    exact: names.map((name) => ({ q: fold(name) })),
    typo: distinct(names.flatMap((name, i) => [0, 1, 2, 3].map((edit) => typo(name, i + edit, edit + i)).filter((q): q is string => q !== null))).map(
      (q) => ({ q }),
    ),
    abbreviation: collector.filter((q) => ABBREVIATION.test(q)).map((q) => ({ q })),
    alias: collector.filter((q) => !ABBREVIATION.test(q)).map((q) => ({ q })),
    'style code': distinct(CATALOG_RELEASES.flatMap((r) => STYLE_VARIANTS.map((variant) => variant(r.styleCode)))).map((q) => ({ q })),
    size: [...sizes.map((size) => ({ q: '', size })), ...names.map((name, i) => ({ q: fold(name), size: sizes[(i * 7) % sizes.length]! }))],
  };
  for (const list of Object.values(shapes)) shuffle(list);
  return shapes;
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

function shuffle<T>(list: T[]): void {
  const next = random(31);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
}

/** A query as the URL of GET /api/sneakers/public (or /api/catalog with `catalog`). */
export function shapePath(query: ShapeQuery, catalog = false): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.size && !catalog) params.set('size', query.size);
  return `${catalog ? '/api/catalog' : '/api/sneakers/public'}?${params.toString()}`;
}

const ROUND_SORTS = ['', 'newest', 'value_desc', 'value_asc'] as const;

/**
 * The n-th request of a shape for bench:api, never the same URL twice in a run: the n-th query of
 * the list, and past the list's end each further round asks another sort, then another page size,
 * so the response cache (keyed by the URL) cannot answer any of them.
 */
export function distinctShapePath(list: ShapeQuery[], n: number, catalog = false): string {
  const query = list[n % list.length]!;
  const round = Math.floor(n / list.length);
  const path = shapePath(query, catalog);
  const sort = ROUND_SORTS[round % ROUND_SORTS.length]!;
  const limit = 24 - Math.floor(round / ROUND_SORTS.length);
  const extra = [catalog || !sort ? '' : `sort=${sort}`, limit === 24 ? '' : `limit=${Math.max(1, limit)}`].filter(Boolean).join('&');
  return extra ? `${path}&${extra}` : path;
}
