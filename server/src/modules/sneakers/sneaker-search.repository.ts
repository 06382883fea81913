import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan, SearchPosition, SearchTier } from './search-plan';
import { remainingTiers } from './search-plan';
import { findSneakerRecordsByIds } from './sneaker-record';
import type { SneakerRecord } from './sneakers.repository';
import { and, direction, filterConditions, keyAfter, keyColumn, keyText, orderSql, rows, trigramSql, wordConditions } from './search-sql';
import { findValueHits, usesValueBands, usesValueWalk } from './value-search.repository';

/**
 * Sneaker search and lists at a million rows.
 *
 * Two access paths answer a "newest first" (or value) page, and neither is fast for every query:
 * - walking the ordered btree index (key, id) or (brand, key, id) and filtering
 *   is fast when matches are common (24 "white" Nikes are among the first few hundred rows),
 *   but reads the whole brand when they are rare or absent ("samba" with brand Nike);
 * - the pg_trgm GIN index finds rare matches at once, but for a common word it returns
 *   hundreds of thousands of rows that must all be fetched and sorted.
 * PostgreSQL's estimates for '%word%' patterns cannot tell these apart reliably (brand and
 * words are correlated), so each tier is read adaptively instead:
 * 1. walk: the first WINDOW entries of the ordered index (an index-only scan: no heap reads,
 *    so the planner never prefers a bitmap-and-sort), each looked up by primary key and
 *    filtered by the words, stopping as soon as the page is full (cost bounded by WINDOW);
 * 2. only when the window held too few matches (so matches are sparse): the trigram index for
 *    the rows after the window, behind a MATERIALIZED fence so the planner cannot fall back to
 *    walking, with the brand also written as a trigram pattern so the index intersects brand
 *    and words itself.
 * When matches are likely rare from the start (several words with a brand, or the relevance
 * tier of words found only inside other words), the trigram index is tried first, capped at a
 * few thousand matches; only if the cap is reached does the walk run.
 * Sorted by value, words follow the release and so the value: a covering index walk with its
 * own steps answers those (value-search.repository.ts).
 * The keyset (key, id) makes every page a range scan; the cursor records tier, key and id.
 * One member's sneakers or an id list are small sets: they take a single plain query.
 */

/** Rows walked in index order before switching to the trigram index (newest first and relevance). */
export const DEFAULT_SCAN_WINDOW = 4000;

/** Matches the index-first try reads at most; more means the words are common: walk instead. */
export const DEFAULT_INDEX_FIRST_CAP = 2000;

export interface SneakerFilters {
  /** Lowercase search words (search-text.ts tokenizeQuery); every one must match. */
  tokens: string[];
  brand?: string;
  size?: string;
  /** Minimum condition, a decimal string. */
  minCondition?: string;
  userId?: string;
  /** Leave out this member's sneakers (browse shows other members' lockers). */
  excludeUserId?: string;
  /** Leave out these members' sneakers too (blocks between them and the viewer). */
  excludeUserIds?: string[];
  /** Only sneakers available for trade (browse, other members' profiles). */
  availableOnly?: boolean;
  ids?: number[];
}

export interface SneakerPageRequest {
  filters: SneakerFilters;
  plan: SearchPlan;
  after?: SearchPosition;
  limit: number;
  /** Tests make it tiny to exercise the trigram path on a few rows; the bench tunes it. */
  windowSize?: number;
  /** Likewise for the index-first try (DEFAULT_INDEX_FIRST_CAP). */
  indexFirstCap?: number;
  /**
   * Value sorts with words, for tests: the step after the first window. Unset: the value bands
   * when the words give band keys, else an estimate chooses between walking and the trigram index.
   */
  valueStep?: 'bands' | 'estimate' | 'walk' | 'trigram';
  /** Value bands: entries walked inside a band before its keys give the rest (DEFAULT_BAND_WINDOW). */
  bandWindowSize?: number;
  /** Value sorts with words: the trigram step's cap (else from the estimate, at least MIN_VALUE_TRIGRAM_CAP). */
  valueTrigramCap?: number;
}

export interface SneakerPage {
  records: SneakerRecord[];
  /** Where the page ended when more rows follow, else null. */
  next: SearchPosition | null;
}

export interface Hit {
  id: number;
  key: string;
}

/** One page of sneakers: filters, words, ranking tiers and keyset pagination. */
export async function findSneakerPage(db: Db, request: SneakerPageRequest): Promise<SneakerPage> {
  const { plan, limit } = request;
  const need = limit + 1; // one more than the page, to know whether another page follows
  const positions: SearchPosition[] = [];
  for (const { tier, after } of remainingTiers(plan, request.after)) {
    const hits = await findTierHits(db, request, tier, after, need - positions.length);
    positions.push(...hits.map((h) => ({ rank: tier.rank, key: h.key, id: h.id })));
    if (positions.length >= need) break;
  }
  const page = positions.slice(0, limit);
  const records = await findSneakerRecordsByIds(
    db,
    page.map((p) => p.id),
  );
  return { records, next: positions.length > limit ? page[page.length - 1]! : null };
}

async function findTierHits(db: Db, request: SneakerPageRequest, tier: SearchTier, after: SearchPosition | undefined, need: number): Promise<Hit[]> {
  const { filters, plan } = request;
  const where = and([...filterConditions(filters), ...wordConditions(filters.tokens, tier)]);
  const trigramWhere = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier)]);
  const start = after ? keyAfter(plan, 's', after.key, after.id) : undefined;

  if (filters.tokens.length === 0 || filters.userId !== undefined || filters.ids !== undefined) {
    return rows<Hit>(await db.execute(plainSql(plan, and([where, start]), need)));
  }

  // By value with band keys: the bands find rare and common words alike (value-bands.repository.ts).
  if (usesValueBands(request)) return findValueHits(db, request, tier, after, need);

  // Matches are probably rare (several words with a brand must all match, or only inside other
  // words): try the trigram index first, capped so a surprisingly common match costs little.
  // Several words without a brand walk first: the index must then intersect each word's trigrams
  // over the whole table before the cap can stop it, 150-350 ms for two common words ("black
  // jordan"), which the walk finds among the newest few hundred rows.
  if ((filters.tokens.length > 1 && filters.brand !== undefined) || tier.wordStart === false) {
    const cap = request.indexFirstCap ?? DEFAULT_INDEX_FIRST_CAP;
    const found = rows<Hit & { total: number }>(await db.execute(trigramSql(plan, filters, and([trigramWhere, start]), need, cap)));
    if ((found[0]?.total ?? 0) < cap) return found;
  }

  // By value, the words are checked on the entries of a covering value index (value-search.repository.ts).
  if (usesValueWalk(request)) return findValueHits(db, request, tier, after, need);

  const window = request.windowSize ?? DEFAULT_SCAN_WINDOW;
  // 1. Walk the first `window` index entries; the outer LIMIT stops the walk early.
  const walked = rows<Hit>(await db.execute(walkSql(plan, filters, after, where, window, need)));
  if (walked.length >= need) return walked;

  // Did the window hold `window` entries? If not, there is nothing after it.
  const [boundary] = rows<Hit>(
    await db.execute(sql`
    select i.id, ${keyText(plan, 'i')} as key from sneakers i
    where ${and(indexConditions(plan, filters, after))}
    order by ${orderSql(plan, 'i')} offset ${window - 1} limit 1`),
  );
  if (!boundary) return walked;

  // 2. Matches are sparse: ask the trigram index for the rest, after the window.
  const rest = and([trigramWhere, keyAfter(plan, 's', boundary.key, boundary.id)]);
  const found = rows<Hit>(await db.execute(trigramSql(plan, filters, rest, need - walked.length)));
  return [...walked, ...found];
}

/** A single ordered query: lists without words, one member's sneakers, the sneakers of a trade. */
function plainSql(plan: SearchPlan, where: SQL, limit: number): SQL {
  return sql`
    select s.id, ${keyText(plan, 's')} as key from sneakers s
    where ${where}
    order by ${orderSql(plan, 's')} limit ${limit}`;
}

/**
 * Conditions the ordered index itself answers: its key range, and the brand when walking
 * (brand, created_at, id) or (brand, display_value, id). Everything else is checked on the row.
 */
function indexConditions(plan: SearchPlan, filters: SneakerFilters, after: SearchPosition | undefined): Array<SQL | undefined> {
  return [filters.brand !== undefined ? sql`i.brand = ${filters.brand}` : undefined, after ? keyAfter(plan, 'i', after.key, after.id) : undefined];
}

/**
 * Step 1: a window of index entries in order; each row is looked up by id and filtered. The
 * LATERAL ... LIMIT 1 keeps this a nested loop over the window (a subquery with LIMIT is never
 * flattened), so the planner cannot swap in a hash join over every match of the words.
 */
function walkSql(
  plan: SearchPlan,
  filters: SneakerFilters,
  after: SearchPosition | undefined,
  rowConditions: SQL,
  window: number,
  limit: number,
): SQL {
  return sql`
    select w.id, w.key from (
      select i.id, ${keyColumn(plan, 'i')} as sort_key, ${keyText(plan, 'i')} as key
      from sneakers i
      where ${and(indexConditions(plan, filters, after))}
      order by ${orderSql(plan, 'i')} limit ${window}
    ) w
    cross join lateral (select 1 from sneakers s where s.id = w.id and ${rowConditions} limit 1) hit
    order by w.sort_key ${direction(plan)}, w.id ${direction(plan)}
    limit ${limit}`;
}

/**
 * The statements of one page's first tier, for EXPLAIN in the benchmark: the walk, and the
 * trigram fallback as it runs when the walk comes up short (here over the whole table).
 */
export function explainableStatements(request: SneakerPageRequest): { walk: SQL; fallback: SQL } {
  const { filters, plan } = request;
  const where = and([...filterConditions(filters), ...wordConditions(filters.tokens, plan.tiers[0]!)]);
  return {
    walk: walkSql(plan, filters, undefined, where, request.windowSize ?? DEFAULT_SCAN_WINDOW, request.limit + 1),
    fallback: trigramSql(
      plan,
      filters,
      and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, plan.tiers[0]!)]),
      request.limit + 1,
    ),
  };
}
