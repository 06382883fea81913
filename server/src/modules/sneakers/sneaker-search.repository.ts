import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan, SearchPosition, SearchTier } from './search-plan';
import { remainingTiers } from './search-plan';
import { brandPattern, containsPattern, wordStartPattern } from './search-text';
import { findSneakerRecordsByIds, type SneakerRecord } from './sneakers.repository';

/**
 * Sneaker search and lists at a million rows.
 *
 * Two access paths answer a "newest first" (or value) page, and neither is fast for every query:
 * - walking the ordered btree index (created_at, id) or (brand, created_at, id) and filtering
 *   is fast when matches are common (24 "white" Nikes are among the first few hundred rows),
 *   but reads the whole brand when they are rare or absent ("samba" with brand Nike);
 * - the pg_trgm GIN index finds rare matches at once, but for a common word it returns
 *   hundreds of thousands of rows that must all be fetched and sorted.
 * PostgreSQL's estimates for '%word%' patterns cannot tell these apart reliably (brand and
 * words are correlated), so each tier is read adaptively instead:
 * 1. walk: the first WINDOW rows in index order, filtered by the words, stopping as soon as
 *    the page is full (cost bounded by WINDOW);
 * 2. only when the window held too few matches (so matches are sparse): the trigram index for
 *    the rows after the window, behind a MATERIALIZED fence so the planner cannot fall back to
 *    walking, with the brand also written as a trigram pattern so the index intersects brand
 *    and words itself.
 * The keyset (key, id) makes every page a range scan; the cursor records tier, key and id.
 */

/** Rows walked in index order before switching to the trigram index. */
export const DEFAULT_SCAN_WINDOW = 4000;

export interface SneakerFilters {
  /** Lowercase search words (search-text.ts tokenizeQuery); every one must match. */
  tokens: string[];
  brand?: string;
  size?: string;
  /** Minimum condition, a decimal string. */
  minCondition?: string;
  userId?: string;
  /** Only sneakers available for trade (visitors, other members' profiles). */
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
}

export interface SneakerPage {
  records: SneakerRecord[];
  /** Where the page ended when more rows follow, else null. */
  next: SearchPosition | null;
}

interface Hit {
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
  const records = await findSneakerRecordsByIds(db, page.map((p) => p.id));
  return { records, next: positions.length > limit ? page[page.length - 1]! : null };
}

async function findTierHits(db: Db, request: SneakerPageRequest, tier: SearchTier, after: SearchPosition | undefined, need: number): Promise<Hit[]> {
  const { filters, plan } = request;
  const order = orderSql(plan);
  const base = and([...filterConditions(filters), after ? keyAfter(plan, after.key, after.id) : undefined]);

  if (filters.tokens.length === 0) {
    return rows<Hit>(await db.execute(sql`
      select id, ${keyText(plan)} as key from sneakers where ${base} order by ${order} limit ${need}`));
  }

  const words = and(wordConditions(filters.tokens, tier));
  const window = request.windowSize ?? DEFAULT_SCAN_WINDOW;
  // 1. Walk the first `window` rows in index order; the outer LIMIT stops the walk early.
  const walked = rows<Hit>(await db.execute(walkSql(plan, base, words, window, need)));
  if (walked.length >= need) return walked;

  // Did the window hold `window` rows? If not, there is nothing after it.
  const [boundary] = rows<Hit>(await db.execute(sql`
    select id, ${keyText(plan)} as key from sneakers where ${base} order by ${order} offset ${window - 1} limit 1`));
  if (!boundary) return walked;

  // 2. Matches are sparse: ask the trigram index for the rest, after the window.
  const rest = and([...filterConditions(filters), keyAfter(plan, boundary.key, boundary.id)]);
  const found = rows<Hit>(await db.execute(fallbackSql(plan, filters, rest, words, need - walked.length)));
  return [...walked, ...found];
}

/** The walk of step 1: a window of rows in index order, filtered by the words. */
function walkSql(plan: SearchPlan, base: SQL, words: SQL, window: number, limit: number): SQL {
  const dir = sql.raw(plan.direction);
  return sql`
    select w.id, w.key from (
      select id, ${keyColumn(plan)} as sort_key, ${keyText(plan)} as key, search_text
      from sneakers where ${base} order by ${orderSql(plan)} limit ${window}
    ) w
    where ${words}
    order by w.sort_key ${dir}, w.id ${dir}
    limit ${limit}`;
}

/**
 * Step 2: every match after the window through the trigram index. MATERIALIZED is a planner
 * fence: we already know matches are sparse, so walking the ordered index again is the one
 * plan we do not want. The brand, written as a trigram pattern too, lets the GIN index
 * intersect brand and words before any row is fetched ("samba" with brand Nike finds nothing
 * without reading a single Samba).
 */
function fallbackSql(plan: SearchPlan, filters: SneakerFilters, rest: SQL, words: SQL, limit: number): SQL {
  const dir = sql.raw(plan.direction);
  const brandInIndex = filters.brand ? sql`search_text like ${brandPattern(filters.brand)}` : undefined;
  return sql`
    with matches as materialized (
      select id, ${keyColumn(plan)} as sort_key, ${keyText(plan)} as key
      from sneakers where ${and([rest, words, brandInIndex])}
    )
    select id, key from matches
    order by sort_key ${dir}, id ${dir}
    limit ${limit}`;
}

/**
 * The statements of one page's first tier, for EXPLAIN in the benchmark: the walk, and the
 * trigram fallback as it runs when the walk comes up short (here over the whole table).
 */
export function explainableStatements(request: SneakerPageRequest): { walk: SQL; fallback: SQL } {
  const { filters, plan } = request;
  const words = and(wordConditions(filters.tokens, plan.tiers[0]!));
  const base = and(filterConditions(filters));
  return {
    walk: walkSql(plan, base, words, request.windowSize ?? DEFAULT_SCAN_WINDOW, request.limit + 1),
    fallback: fallbackSql(plan, filters, base, words, request.limit + 1),
  };
}

function filterConditions(f: SneakerFilters): Array<SQL | undefined> {
  return [
    f.brand !== undefined ? sql`brand = ${f.brand}` : undefined,
    f.size !== undefined ? sql`size = ${f.size}` : undefined,
    f.minCondition !== undefined ? sql`condition >= ${f.minCondition}::numeric` : undefined,
    f.userId !== undefined ? sql`user_id = ${f.userId}::uuid` : undefined,
    f.availableOnly ? sql`is_available_for_trade` : undefined,
    f.ids !== undefined ? sql`id = any(${`{${f.ids.join(',')}}`}::int[])` : undefined,
  ];
}

/** Every word as a substring (the trigram-indexed part), plus the tier's word-start rule. */
function wordConditions(tokens: string[], tier: SearchTier): Array<SQL | undefined> {
  const contains = tokens.map((t) => sql`search_text like ${containsPattern(t)}`);
  if (tier.wordStart === null) return contains;
  const starts = and(tokens.map((t) => sql`search_text ~ ${wordStartPattern(t)}`));
  return [...contains, tier.wordStart ? starts : sql`not (${starts})`];
}

function keyColumn(plan: SearchPlan): SQL {
  return plan.key === 'created' ? sql.raw('created_at') : sql.raw('estimated_value');
}

/** The sort key as text, exactly (timestamps keep their microseconds, which a JS Date would lose). */
function keyText(plan: SearchPlan): SQL {
  return plan.key === 'created' ? sql.raw('created_at::text') : sql.raw('estimated_value::text');
}

function orderSql(plan: SearchPlan): SQL {
  const dir = plan.direction;
  return sql.raw(`${plan.key === 'created' ? 'created_at' : 'estimated_value'} ${dir}, id ${dir}`);
}

/** Rows strictly after (key, id) in the plan's order: a row comparison the btree index serves. */
function keyAfter(plan: SearchPlan, key: string, id: number): SQL {
  const cast = plan.key === 'created' ? sql.raw('timestamptz') : sql.raw('numeric');
  const op = sql.raw(plan.direction === 'desc' ? '<' : '>');
  return sql`(${keyColumn(plan)}, id) ${op} (${key}::${cast}, ${id}::int)`;
}

function and(parts: Array<SQL | undefined>): SQL {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
