import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan, SearchPosition, SearchTier } from './search-plan';
import { remainingTiers } from './search-plan';
import { findSneakerRecordsByIds } from './sneaker-record';
import type { SneakerRecord } from './sneakers.repository';
import { and, direction, filterConditions, keyAfter, keyColumn, keyText, orderSql, rows, trigramSql, wordConditions } from './search-sql';
import { sizeBranches, sizeBranchSql } from './size-filter-sql';
import { findBothTiers } from './both-tiers.repository';
import { findValueHits, usesValueBands, usesValueWalk } from './value-search.repository';
import { coveringWalkSql, walkRange, walkWindow } from './covering-walk-sql';
import { findNamedReleasesHits, findReleaseListingHits, mergeHits } from './release-listings.repository';
import type { Hit, SneakerPageRequest } from './search-request';

export type { Hit, SneakerFilters, SneakerPageRequest } from './search-request';

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
 * 1. walk: the first WINDOW entries of the ordered index, which carries search_text, user_id and
 *    is_available_for_trade (migration 0024): words, availability and members left out are
 *    checked on the entry (an index-only scan, no table page per entry; size and condition on the
 *    row by primary key), stopping as soon as the page is full (cost bounded by WINDOW);
 * 2. only when the window held too few matches (so matches are sparse): the trigram index for
 *    the rows after the window, behind a MATERIALIZED fence so the planner cannot fall back to
 *    walking, with the brand also written as a trigram pattern so the index intersects brand
 *    and words itself.
 * When matches are likely rare from the start (the relevance tier of words found only inside
 * other words), the trigram index is tried first, capped at a few thousand matches; only if the
 * cap is reached does the walk run.
 * Sorted by value, words follow the release and so the value: a covering index walk with its
 * own steps answers those (value-search.repository.ts).
 * The keyset (key, id) makes every page a range scan; the cursor records tier, key and id.
 * One member's sneakers or an id list are small sets: they take a single plain query.
 */

/** Rows walked in index order before switching to the trigram index (newest first and relevance). */
export const DEFAULT_SCAN_WINDOW = 4000;

/**
 * Entries one walk statement reads at most: the window is read in statements of this many, so no
 * statement discards more than the EXPLAIN test allows (list-query-plans.pg.int.test.ts).
 */
const WALK_STATEMENT_ENTRIES = 2000;

/**
 * How far a walk whose window held some matches may go on, in windows: up to this, reading on at
 * the window's density costs less than the trigram step, which reads and sorts every match after
 * the window ("milk 2024": 19 in the first 4,000 entries, then 4,550 rows fetched to give 6).
 */
export const EXTENDED_WALK_WINDOWS = 3;

/**
 * The entries to walk in all, after `read` entries held `found` of the `need` matches: as many
 * more as the density so far says the rest takes (and half again), when that stays within
 * EXTENDED_WALK_WINDOWS windows; else what was read, and the trigram index takes over.
 */
export function extendedWalk(window: number, read: number, found: number, need: number): number {
  if (found === 0 || found >= need) return read;
  const more = Math.ceil((((need - found) * read) / found) * 1.5);
  return read + more <= window * EXTENDED_WALK_WINDOWS ? read + more : read;
}

/** Matches the index-first try reads at most; more means the words are common: walk instead. */
export const DEFAULT_INDEX_FIRST_CAP = 2000;

export interface SneakerPage {
  records: SneakerRecord[];
  /** Where the page ended when more rows follow, else null. */
  next: SearchPosition | null;
}

/** One page of sneakers: filters, words, ranking tiers and keyset pagination. */
export async function findSneakerPage(db: Db, request: SneakerPageRequest): Promise<SneakerPage> {
  const { plan, limit } = request;
  const need = limit + 1; // one more than the page, to know whether another page follows
  const positions: SearchPosition[] = [];
  const readAhead: ReadAhead = new Map();
  for (const { tier, after } of remainingTiers(plan, request.after)) {
    const hits =
      readAhead.get(tier.rank)?.slice(0, need - positions.length) ??
      (await findTierHits(db, request, tier, after, need - positions.length, readAhead));
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

/** A later tier's matches from its start, read together with an earlier tier's (findBothTiers), by tier rank. */
type ReadAhead = Map<number, Hit[]>;

async function findTierHits(
  db: Db,
  request: SneakerPageRequest,
  tier: SearchTier,
  after: SearchPosition | undefined,
  need: number,
  readAhead: ReadAhead,
): Promise<Hit[]> {
  const { filters, plan } = request;
  // Words naming catalogue releases: those releases' listings, merged with the listings linked to
  // no release that hold the words (release-listings.repository.ts), each once.
  if (filters.releaseIds?.length) {
    if (!filters.tokens.length) return findReleaseListingHits(db, plan, filters, filters.releaseIds, after, need);
    const { linked, unlinked } = await findNamedReleasesHits(db, plan, filters, filters.releaseIds, tier, after, need);
    return mergeHits(plan, linked, unlinked, need);
  }
  const where = and([...filterConditions(filters), ...wordConditions(filters.tokens, tier)]);
  const trigramWhere = and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, tier)]);
  const start = after ? keyAfter(plan, 's', after.key, after.id) : undefined;

  if (filters.tokens.length === 0 || filters.userId !== undefined || filters.ids !== undefined) {
    // A size meaning different US sizes on different charts (EU 44: US 10, on Vans US 10.5) reads
    // each size's own run of the size index, merged: an OR of them would fetch and sort every match.
    const branches = filters.size && filters.tokens.length === 0 ? sizeBranches(filters.size, filters.brand) : [];
    if (branches.length > 1) {
      const rest = and([...filterConditions({ ...filters, size: undefined }), start]);
      return rows<Hit>(
        await db.execute(
          mergedSql(
            plan,
            branches.map((b) => and([rest, sizeBranchSql(b)])),
            need,
          ),
        ),
      );
    }
    return rows<Hit>(await db.execute(plainSql(plan, and([where, start]), need)));
  }

  // By value with band keys: the bands find rare and common words alike (value-bands.repository.ts).
  if (usesValueBands(request)) return findValueHits(db, request, tier, after, need);

  // Matches are probably rare (the relevance tier of words found only inside other words): try
  // the trigram index first, capped so a surprisingly common match costs little. Several words
  // walk first (they did not before migration 0024 made the walk index-only): the index must
  // intersect each word's trigrams over the whole table before its cap can stop it, 150-350 ms
  // for two common words ("black jordan"), which the walk finds among the newest few hundred rows.
  if (tier.wordStart === false) {
    const cap = request.indexFirstCap ?? DEFAULT_INDEX_FIRST_CAP;
    const found = rows<Hit & { total: number }>(await db.execute(trigramSql(plan, filters, and([trigramWhere, start]), need, cap)));
    if ((found[0]?.total ?? 0) < cap) return found;
  }

  // By value, the words are checked on the entries of a covering value index (value-search.repository.ts).
  if (usesValueWalk(request)) return findValueHits(db, request, tier, after, need);

  // 1. Walk the first `window` index entries, at most WALK_STATEMENT_ENTRIES a statement; each
  // statement's outer LIMIT stops the walk early, and a statement that came up short brings the
  // last entry it read (none: the index ended, nothing after it). When the window held some
  // matches, their density says how far the rest lies: the walk goes on when that is near.
  const window = request.windowSize ?? DEFAULT_SCAN_WINDOW;
  const walked: Hit[] = [];
  let boundary: Hit | undefined = after;
  let budget = window;
  for (let read = 0; read < budget;) {
    const entries = Math.min(WALK_STATEMENT_ENTRIES, budget - read);
    const range = walkRange(plan, filters, boundary);
    const { hits, last } = await walkWindow(db, plan, filters, tier, range, entries, need - walked.length);
    walked.push(...hits);
    if (walked.length >= need) return walked;
    boundary = last;
    if (!boundary) return walked;
    read += entries;
    if (read >= budget) budget = extendedWalk(window, read, walked.length, need);
  }
  if (!boundary) return walked;

  // 2. Matches are sparse. In the first relevance tier, one read of the words' trigrams may answer
  // this tier and the next (findBothTiers); else ask the trigram index for the rest, after the window.
  const inside = plan.tiers.find((t) => t.wordStart === false);
  if (tier.wordStart === true && inside) {
    const both = await findBothTiers(db, plan, filters, boundary, need - walked.length, request.indexFirstCap ?? DEFAULT_INDEX_FIRST_CAP);
    if (both) {
      readAhead.set(inside.rank, both.inside);
      return [...walked, ...both.starting];
    }
  }
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

/** plainSql for each of several conditions, each read in order and cut at the limit, then merged. */
function mergedSql(plan: SearchPlan, conditions: SQL[], limit: number): SQL {
  const branches = conditions.map(
    (where) => sql`(select s.id, ${keyColumn(plan, 's')} as sort_key, ${keyText(plan, 's')} as key from sneakers s
      where ${where} order by ${orderSql(plan, 's')} limit ${limit})`,
  );
  const dir = direction(plan);
  return sql`
    select id, key from (${sql.join(branches, sql` union all `)}) merged
    order by sort_key ${dir}, id ${dir} limit ${limit}`;
}

/**
 * The statements of one page's first tier, for EXPLAIN in the benchmark: the walk, and the
 * trigram fallback as it runs when the walk comes up short (here over the whole table).
 */
export function explainableStatements(request: SneakerPageRequest): { walk: SQL; fallback: SQL } {
  const { filters, plan } = request;
  return {
    walk: coveringWalkSql(
      plan,
      filters,
      plan.tiers[0]!,
      walkRange(plan, filters, undefined),
      request.windowSize ?? DEFAULT_SCAN_WINDOW,
      request.limit + 1,
    ),
    fallback: trigramSql(
      plan,
      filters,
      and([...filterConditions(filters, 'row'), ...wordConditions(filters.tokens, plan.tiers[0]!)]),
      request.limit + 1,
    ),
  };
}
