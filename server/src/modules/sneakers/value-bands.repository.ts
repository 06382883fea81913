import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wordTrigrams } from '../../db/search-text';
import type { SearchPlan, SearchTier } from './search-plan';
import { and, direction, filterConditions, rows, trigramSql, wordConditions } from './search-sql';
import type { Hit, SneakerFilters, SneakerPageRequest } from './search-request';
import { walkRange, walkWindow, type ValueRange } from './covering-walk-sql';

/**
 * Search words by value across the stretches of the value order that hold no match.
 *
 * Migration 0023 indexes each row under keys that pair its value band (1% of value) with each
 * trigram of its search text, and its band with its brand: '548:gre', '548#Jordan'. Asking
 * whether band 548 holds a Jordan with "grey" reads the posting lists of those keys in that
 * band only, a few index pages, whatever the brand holds elsewhere. So the search:
 * 1. probes the bands in the plan's order, from the band of the last position on, up to
 *    BANDS_PER_PROBE bands a statement, which stops at the first band holding a real match
 *    (every filter checked on the row: the keys only narrow); about 0.03-0.5 ms a band;
 * 2. walks the covering value index inside that band's value range (the same walk as
 *    value-search.repository.ts, bounded to DEFAULT_BAND_WINDOW entries);
 * 3. if that window came up short and the band goes on, takes the rest of the band's matches
 *    from the band keys (the matches in one band of a window that held fewer than a page are
 *    few) and sorts them;
 * 4. goes on after the band until the page is full or no band after it holds a match.
 * Rows in bands passed over hold no match, so the rows, their order and the cursors are those
 * of the plain query (value-search.int.test.ts).
 */

/** Entries walked inside a band before its keys are asked for the rest of it. */
export const DEFAULT_BAND_WINDOW = 2000;

/** A value band and a value range holding every row of it (a little wider: see migration 0023). */
export interface ValueBand extends ValueRange {
  band: number;
}

/**
 * The band key suffixes of a search: ':' and each trigram of its words, '#' and its brand. Null
 * when no word holds three letters or digits in a row ("og", "4"): the keys could then only
 * narrow by brand, which the value index already does.
 */
export function bandKeySuffixes(filters: SneakerFilters): string[] | null {
  const trigrams = [...new Set(filters.tokens.flatMap(wordTrigrams))];
  if (trigrams.length === 0) return null;
  return [...trigrams.map((t) => `:${t}`), ...(filters.brand !== undefined ? [`#${filters.brand}`] : [])];
}

/** Up to `need` matches after `start` (a position in the plan's order), band by band. */
export async function findHitsInBands(
  db: Db,
  { plan, filters, bandWindowSize }: SneakerPageRequest,
  tier: SearchTier,
  suffixes: string[],
  start: Hit,
  need: number,
): Promise<Hit[]> {
  const hits: Hit[] = [];
  const window = bandWindowSize ?? DEFAULT_BAND_WINDOW;
  const step = plan.direction === 'desc' ? -1 : 1;
  const [bounds] = rows<{ first: number; last: number | null }>(await db.execute(bandBoundsSql(plan, filters, start)));
  if (!bounds || bounds.last === null) return hits;
  const { last } = bounds;
  let from = start;
  let next = bounds.first;
  let probedEmpty = 0;
  let askedTrigram = false;
  while ((next - last) * step <= 0) {
    // Many bands in a row without a match: the words are rare after `from` (or absent: a word the
    // brand lacks would probe every band of the order, a thousand GIN lookups at a million rows,
    // each slower while the index's pending list is long). Their matches are then few: the
    // trigram index, capped, answers the rest in one statement; at the cap they are common after
    // all, and the probes go on.
    if (!askedTrigram && probedEmpty >= BANDS_BEFORE_TRIGRAM) {
      askedTrigram = true;
      const rest = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier), afterOnRow(plan, from)]);
      const found = rows<Hit & { total: number }>(await db.execute(trigramSql(plan, filters, rest, need - hits.length, BAND_TRIGRAM_CAP)));
      if ((found[0]?.total ?? 0) < BAND_TRIGRAM_CAP) return [...hits, ...found.map(({ id, key }) => ({ id, key }))];
    }
    const batchEnd = step < 0 ? Math.max(last, next - BANDS_PER_PROBE + 1) : Math.min(last, next + BANDS_PER_PROBE - 1);
    const [band] = rows<ValueBand>(await db.execute(firstBandSql(plan, filters, tier, suffixes, from, next, batchEnd)));
    if (!band) {
      probedEmpty += Math.abs(batchEnd - next) + 1;
      next = batchEnd + step;
      continue;
    }
    probedEmpty += Math.abs(band.band - next);
    const range = walkRange(plan, filters, from, band);
    const { hits: walked, last: lastWalked } = await walkWindow(db, plan, filters, tier, range, window, need - hits.length);
    hits.push(...walked);
    if (hits.length >= need) return hits;
    if (lastWalked) {
      hits.push(...rows<Hit>(await db.execute(bandRestSql(plan, filters, tier, band, suffixes, lastWalked, need - hits.length))));
      if (hits.length >= need) return hits;
    }
    // Past the band: below its low bound (high to low) or from its high bound on (low to high).
    from = { key: step < 0 ? band.low : band.high, id: 0 };
    next = band.band + step;
  }
  return hits;
}

/**
 * Bands one probe statement asks about at most. PostgreSQL plans an unnamed statement with its
 * parameters' values, so it knows how many bands it reads: over an unknown range it counts 1,000,
 * and a plan's cost past jit_above_cost is compiled first (tens of milliseconds).
 */
const BANDS_PER_PROBE = 32;

/**
 * Bands probed without a match before the capped trigram index is asked for the rest: the bound
 * on the probes of a search whose words are rare or absent after its position (issue #26: a
 * visitor's word with a brand, by value, probed every band and ran for minutes on the 1M load).
 */
export const BANDS_BEFORE_TRIGRAM = 64;

/** Matches the trigram step after the empty bands reads at most; at this many the probes go on. */
export const BAND_TRIGRAM_CAP = 2000;

/** The band of `start`, and of the last value in the order (the brand's, else the market's; null: none). */
function bandBoundsSql(plan: SearchPlan, filters: SneakerFilters, start: Hit): SQL {
  const brand = filters.brand !== undefined ? sql`i.brand = ${filters.brand}` : sql`true`;
  const lastValue = sql`(select ${sql.raw(plan.direction === 'desc' ? 'min' : 'max')}(i.display_value) from sneakers i where ${brand})`;
  return sql`select sneaker_value_band(${start.key}::numeric) as first, sneaker_value_band(${lastValue}) as last`;
}

/** The keys of band `band` (an SQL integer) for these suffixes. */
function bandKeys(band: SQL, suffixes: string[]): SQL {
  return sql`array[${sql.join(
    suffixes.map((s) => sql`${band}::text || ${s}`),
    sql`, `,
  )}]::text[]`;
}

const KEYS_EXPRESSION = sql`sneaker_value_search_keys(s.brand, s.display_value, s.search_text)`;

/**
 * The first band from `first` to `last`, in the plan's order, holding a match after `from`:
 * generate_series yields the bands in order and LIMIT 1 stops at the first whose probe finds a
 * row. The probe is a scalar subquery, run once per band with the band as a parameter: written
 * as EXISTS, the planner turns it into a semi-join and may read every row of the words once
 * and compute their keys for each band. Every condition is written so that only the band keys
 * can answer it (brand, words, position: on the row).
 */
function firstBandSql(plan: SearchPlan, filters: SneakerFilters, tier: SearchTier, suffixes: string[], from: Hit, first: number, last: number): SQL {
  const conditions = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier, 's', 'row'), afterOnRow(plan, from)]);
  return sql`
    select g.band, sneaker_value_band_low(g.band)::text as low, sneaker_value_band_high(g.band)::text as high
    from generate_series(${first}::int, ${last}::int, ${first <= last ? 1 : -1}::int) g(band)
    where (select true from sneakers s where ${KEYS_EXPRESSION} @> ${bandKeys(sql`g.band`, suffixes)} and ${conditions} limit 1)
    limit 1`;
}

/**
 * After `from` on the row, written so that no btree index can answer it: the band keys already
 * narrow to one band, and the planner would otherwise AND in a bitmap of the whole value range
 * after `from`.
 */
function afterOnRow(plan: SearchPlan, from: Hit): SQL {
  const op = sql.raw(plan.direction === 'desc' ? '<' : '>');
  return sql`(s.display_value + 0, s.id + 0) ${op} (${from.key}::numeric, ${from.id}::int)`;
}

function order(plan: SearchPlan, alias: 'hits'): SQL {
  const dir = direction(plan);
  return sql`${sql.raw(alias)}.display_value ${dir}, ${sql.raw(alias)}.id ${dir}`;
}

/** The band's matches after `last`, from its keys, sorted; MATERIALIZED keeps the planner from walking instead. */
function bandRestSql(
  plan: SearchPlan,
  filters: SneakerFilters,
  tier: SearchTier,
  band: ValueBand,
  suffixes: string[],
  last: Hit,
  limit: number,
): SQL {
  const conditions = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier, 's', 'row'), afterOnRow(plan, last)]);
  return sql`
    with hits as materialized (
      select s.id, s.display_value from sneakers s
      where ${KEYS_EXPRESSION} @> ${bandKeys(sql`${band.band}::int`, suffixes)} and ${conditions}
    )
    select hits.id, hits.display_value::text as key from hits
    order by ${order(plan, 'hits')}
    limit ${limit}`;
}
