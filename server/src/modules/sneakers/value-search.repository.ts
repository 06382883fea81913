import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPosition, SearchTier } from './search-plan';
import { and, filterConditions, keyAfter, orderSql, rows, trigramSql, wordConditions } from './search-sql';
import type { Hit, SneakerPageRequest } from './search-request';
import { bandKeySuffixes, findHitsInBands } from './value-bands.repository';
import { coveringWalkSql, walkRange, walkWindow } from './covering-walk-sql';

/**
 * Search words sorted by value, at a million rows.
 *
 * A listing's value follows its release (the card shows the release's market price), and so do
 * its words: the most valuable Jordans may hold no "white" for the first 40,000 rows of the brand,
 * while "white" is in 290,000 of them. Walking (brand, display_value, id) and looking each row up
 * by primary key costs a few microseconds a row; asking the trigram index for every match and
 * sorting costs about a microsecond a match. Both are far over budget for such words.
 *
 * The indexes on (display_value, id) and (brand, display_value, id) carry search_text, user_id
 * and is_available_for_trade (INCLUDE, migration 0022), so the walk checks the words, the
 * availability and the members left out on the index entry itself, with no heap read: a few
 * tenths of a microsecond an entry. The walk then reads windows of entries in order:
 * 1. the first DEFAULT_VALUE_WINDOW entries; common words that sit near the top end here;
 * 2. if they held too few matches and a word holds three letters or digits in a row (so it has a
 *    trigram), the value bands skip every stretch of the order without a match: the band keys of
 *    migration 0023 say which 1% band of value holds the next match, and the walk goes on inside
 *    it (value-bands.repository.ts). This is the step that runs for nearly every search.
 * Words without a trigram ("og", "4") take the older steps instead:
 * 2. a sample of the rest of the order (TABLESAMPLE, about 0.2%
 *    of the pages, a few milliseconds) estimates both costs: how many matches the trigram index
 *    would fetch and sort, and how many entries the walk would read before its first match. The
 *    cheaper one runs: the trigram index for the rows after the window, capped at four times the
 *    estimate (more matches than that: the sample was wrong, walk on instead), or
 * 3. the walk goes on in windows four times larger each, from the last entry read, until the
 *    page is full or the index ends.
 * Those steps stay costly for a word in 200,000 Jordans whose first match sits 190,000 entries
 * down the brand's value order (see docs/rules/sneakers.md); the bands do not.
 * Several words without band keys first try the capped trigram index, as for every sort (findTierHits).
 * Each window is one bounded statement that stops once the page is full; only a window that
 * came up short is followed by a read of its last entry, where the next step starts. The result
 * is the same rows in the same order whichever step found them (search.int.test.ts,
 * value-search.int.test.ts), and the keyset cursor is the last row's (key, id) as everywhere.
 */

/** Index entries the first window walks (more than this many filtered out would look like a scan). */
export const DEFAULT_VALUE_WINDOW = 2000;

/** Each later window is this many times the one before. */
const WINDOW_GROWTH = 4;

/** Share of the table's pages the estimate reads (TABLESAMPLE SYSTEM, percent): about 2,000 rows at a million. */
const SAMPLE_PERCENT = 0.2;

/**
 * What walking one index entry costs next to one trigram match, measured at 1M rows: 0.3–0.6 µs
 * an entry (leaf pages read in order, about 70 entries each) against 4–6 µs a match (each on its
 * own heap page, plus the posting lists of common trigrams). The trigram step is chosen when its
 * matches cost less than the entries the walk would read before its first match.
 */
const WALK_COST_PER_MATCH = 0.12;

/** The trigram step reads at most max(this, 4 × the estimated matches); more means "walk on". */
export const MIN_VALUE_TRIGRAM_CAP = 20_000;

/** Searches by value over the market: words, no single owner, no id list. */
export function usesValueWalk({ plan, filters }: SneakerPageRequest): boolean {
  return plan.key === 'value' && filters.tokens.length > 0 && filters.userId === undefined && filters.ids === undefined;
}

/** Value searches whose words give band keys (unless a test forces an older step). */
export function usesValueBands(request: SneakerPageRequest): boolean {
  return usesValueWalk(request) && (request.valueStep === undefined || request.valueStep === 'bands') && bandKeySuffixes(request.filters) !== null;
}

/** Up to `need` matches of one tier after `after`, in the plan's order. */
export async function findValueHits(
  db: Db,
  request: SneakerPageRequest,
  tier: SearchTier,
  after: SearchPosition | undefined,
  need: number,
): Promise<Hit[]> {
  const { plan, filters } = request;
  const hits: Hit[] = [];
  let from: Hit | undefined = after;
  let window = request.windowSize ?? DEFAULT_VALUE_WINDOW;
  let askedTrigram = false;
  const suffixes = usesValueBands(request) ? bandKeySuffixes(filters) : null;
  for (;;) {
    const range = walkRange(plan, filters, from);
    const walked = await walkWindow(db, plan, filters, tier, range, window, need - hits.length);
    hits.push(...walked.hits);
    if (hits.length >= need) return hits;
    // Too few: the next step starts after the window's last entry (none: the index ended).
    const { last } = walked;
    if (!last) return hits;
    from = last;
    if (suffixes) return [...hits, ...(await findHitsInBands(db, request, tier, suffixes, from, need - hits.length))];

    let next = window * WINDOW_GROWTH;
    if (!askedTrigram) {
      askedTrigram = true;
      const sample = await sampleAfter(db, request, tier, from);
      // Walking on: a window reaching well past the sampled first match costs nothing more (the
      // walk stops once the page is full) and saves reading the last entry of smaller windows.
      next = Math.max(next, Math.ceil((2 * sample.before * 100) / SAMPLE_PERCENT));
      const trigramIsCheaper = sample.hits <= sample.before * WALK_COST_PER_MATCH;
      if (request.valueStep === 'trigram' || (request.valueStep !== 'walk' && trigramIsCheaper)) {
        const cap = request.valueTrigramCap ?? Math.max(MIN_VALUE_TRIGRAM_CAP, Math.ceil((4 * sample.hits * 100) / SAMPLE_PERCENT));
        const rest = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier), keyAfter(plan, 's', from.key, from.id)]);
        const found = rows<Hit & { total: number }>(await db.execute(trigramSql(plan, filters, rest, need - hits.length, cap)));
        if ((found[0]?.total ?? 0) < cap) return [...hits, ...found.map(({ id, key }) => ({ id, key }))];
      }
    }
    window = next;
  }
}

interface Sample {
  /** Sampled rows (of the brand, available, ...) after the position that hold the words. */
  hits: number;
  /** Sampled rows before the first that does: how far the walk still has to go, in sample rows. */
  before: number;
}

/**
 * A cheap look at the rest of the order: about SAMPLE_PERCENT of the table's pages
 * (TABLESAMPLE SYSTEM, a fixed seed so a query always chooses alike), the rows after the
 * position that pass every filter but the words, in the plan's order. Only the choice of step
 * depends on it, never the rows returned.
 */
async function sampleAfter(db: Db, { plan, filters }: SneakerPageRequest, tier: SearchTier, from: Hit): Promise<Sample> {
  const where = and([...filterConditions(filters), keyAfter(plan, 's', from.key, from.id)]);
  const [row] = rows<Sample>(
    await db.execute(sql`
      select coalesce(sum(hit::int), 0)::int as hits, (coalesce(min(n) filter (where hit), count(*) + 1) - 1)::int as before
      from (
        select ${and(wordConditions(filters.tokens, tier))} as hit, row_number() over (order by ${orderSql(plan, 's')}) as n
        from sneakers s tablesample system (${sql.raw(String(SAMPLE_PERCENT))}) repeatable (0)
        where ${where}
      ) sampled`),
  );
  return row ?? { hits: 0, before: 0 };
}

/** The first window's statement, for EXPLAIN in the benchmark. */
export function explainableValueWalk(request: SneakerPageRequest): SQL {
  const tier = request.plan.tiers[0] ?? { rank: 0, wordStart: null };
  const range = walkRange(request.plan, request.filters, undefined);
  return coveringWalkSql(request.plan, request.filters, tier, range, request.windowSize ?? DEFAULT_VALUE_WINDOW, request.limit + 1);
}
