import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan, SearchPosition } from './search-plan';
import type { SearchTier } from './search-plan';
import { and, direction, filterConditions, keyAfter, keyColumn, keyText, orderSql, rows, trigramSql, wordConditions } from './search-sql';
import type { Hit, SneakerFilters } from './search-request';

/**
 * The listings of the catalogue releases a search names (issue #31): one ordered read per release
 * through (catalog_release_id, created_at desc, id desc) or (catalog_release_id, display_value, id)
 * (migration 0032), each stopping after `need` rows, merged in the plan's order. At most a dozen
 * releases (catalog-search.ts MAX_LISTING_RELEASES), so at most a dozen short index reads, whatever
 * the table holds. The other filters are checked on each row.
 */
export async function findReleaseListingHits(
  db: Db,
  plan: SearchPlan,
  filters: SneakerFilters,
  releaseIds: number[],
  after: SearchPosition | undefined,
  need: number,
): Promise<Hit[]> {
  const conditions = [...filterConditions(filters), after ? keyAfter(plan, 's', after.key, after.id) : undefined];
  const branches = releaseIds.map(
    (id) => sql`(
      select s.id, ${keyColumn(plan, 's')} as sort_key, ${keyText(plan, 's')} as key from sneakers s
      where ${and([sql`s.catalog_release_id = ${id}::int`, ...conditions])}
      order by ${orderSql(plan, 's')} limit ${need})`,
  );
  const dir = direction(plan);
  return rows<Hit>(
    await db.execute(sql`
      select id, key from (${sql.join(branches, sql` union all `)}) u
      order by sort_key ${dir}, id ${dir} limit ${need}`),
  );
}

/** How many unlinked listings one read walks in order before the words' trigrams are asked instead. */
const UNLINKED_WALK_ROWS = 1_000;

/**
 * Beside the releases' own listings, the listings linked to no release that hold the words (a
 * member's custom pair, a release the catalogue lacks). A listing linked to a release is found
 * through its release: the words' trigrams are not intersected over the whole table first (at a
 * million rows, 100-160 ms for the five to seven words of a release's name). Two steps, as the
 * walk in sneaker-search.repository.ts:
 * 1. one ordered read of at most UNLINKED_WALK_ROWS unlinked rows through (catalog_release_id,
 *    created_at desc, id desc) or (catalog_release_id, display_value, id), the words checked on
 *    each row read, which also answers the last row it read;
 * 2. only when that read came up short and did not reach the end (the words are rare among the
 *    unlinked rows): the trigram index for the unlinked rows after it, behind trigramSql's fence.
 * Unbounded, step 1 read every unlinked row when the words were rare among them.
 */
export async function findUnlinkedHits(
  db: Db,
  plan: SearchPlan,
  filters: SneakerFilters,
  tier: SearchTier,
  after: SearchPosition | undefined,
  need: number,
): Promise<Hit[]> {
  const unlinked = { ...filters, releaseIds: undefined };
  const start = after ? keyAfter(plan, 's', after.key, after.id) : undefined;
  const read = rows<Hit & { boundary: boolean }>(
    await db.execute(sql`
      with walk as materialized (
        select s.id, ${keyColumn(plan, 's')}, s.search_text from sneakers s
        where ${and([sql`s.catalog_release_id is null`, ...filterConditions(unlinked), start])}
        order by ${orderSql(plan, 's')} limit ${UNLINKED_WALK_ROWS}
      ),
      hits as (
        select s.id, ${keyText(plan, 's')} as key, false as boundary from walk s
        where ${and(wordConditions(filters.tokens, tier))}
        order by ${orderSql(plan, 's')} limit ${need}
      ),
      last as (
        select s.id, ${keyText(plan, 's')} as key, true as boundary from walk s
        order by ${orderSql(plan, 's')} offset ${UNLINKED_WALK_ROWS - 1} limit 1
      )
      select * from hits union all select * from last`),
  );
  const hits = read.filter((row) => !row.boundary).map(({ id, key }) => ({ id, key }));
  const boundary = read.find((row) => row.boundary);
  if (hits.length >= need || !boundary) return hits;
  const rest = and([
    sql`s.catalog_release_id is null`,
    ...filterConditions(unlinked, 'row'),
    ...wordConditions(filters.tokens, tier),
    keyAfter(plan, 's', boundary.key, boundary.id),
  ]);
  return [...hits, ...rows<Hit>(await db.execute(trigramSql(plan, unlinked, rest, need - hits.length)))];
}

/** Two lists of hits in the plan's order merged into one, without repeats, at most `need`. */
export function mergeHits(plan: SearchPlan, a: Hit[], b: Hit[], need: number): Hit[] {
  const sign = plan.direction === 'desc' ? -1 : 1;
  const compareKeys = (x: Hit, y: Hit) => {
    // Timestamps as PostgreSQL prints them, all in the session's zone: their text sorts as they do.
    const byKey = plan.key === 'value' ? Number(x.key) - Number(y.key) : x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
    return sign * (byKey || x.id - y.id);
  };
  const seen = new Set<number>();
  const merged: Hit[] = [];
  for (const hit of [...a, ...b].sort(compareKeys)) {
    if (seen.has(hit.id)) continue;
    seen.add(hit.id);
    merged.push(hit);
    if (merged.length >= need) break;
  }
  return merged;
}
