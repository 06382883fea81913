import { sql, type SQL } from 'drizzle-orm';
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
  return rows<Hit>(await db.execute(releaseListingsSql(plan, filters, releaseIds, after, need)));
}

/** The statement of findReleaseListingHits: (id, key) rows in the plan's order, at most `need`. */
function releaseListingsSql(plan: SearchPlan, filters: SneakerFilters, releaseIds: number[], after: SearchPosition | undefined, need: number): SQL {
  const conditions = [...filterConditions(filters), after ? keyAfter(plan, 's', after.key, after.id) : undefined];
  const branches = releaseIds.map(
    (id) => sql`(
      select s.id, ${keyColumn(plan, 's')} as sort_key, ${keyText(plan, 's')} as key from sneakers s
      where ${and([sql`s.catalog_release_id = ${id}::int`, ...conditions])}
      order by ${orderSql(plan, 's')} limit ${need})`,
  );
  const dir = direction(plan);
  return sql`
      select id, key from (${sql.join(branches, sql` union all `)}) u
      order by sort_key ${dir}, id ${dir} limit ${need}`;
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
 * The releases' own listings (findReleaseListingHits' statement, when `releaseIds` is given) are
 * read in step 1's statement, so a search naming releases costs one round trip, not two
 * (docs/performance/cache-miss-reads.md); each list is what its statement alone gives.
 */
export async function findNamedReleasesHits(
  db: Db,
  plan: SearchPlan,
  filters: SneakerFilters,
  releaseIds: number[],
  tier: SearchTier,
  after: SearchPosition | undefined,
  need: number,
): Promise<{ linked: Hit[]; unlinked: Hit[] }> {
  const unlinked = { ...filters, releaseIds: undefined };
  const start = after ? keyAfter(plan, 's', after.key, after.id) : undefined;
  const linked = releaseIds.length ? sql`, linked as (${releaseListingsSql(plan, filters, releaseIds, after, need)})` : sql``;
  const linkedRows = releaseIds.length ? sql` union all select id, key, 'linked' as part from linked` : sql``;
  const read = rows<Hit & { part: 'hit' | 'last' | 'linked' }>(
    await db.execute(sql`
      with walk as materialized (
        select s.id, ${keyColumn(plan, 's')}, s.search_text from sneakers s
        where ${and([sql`s.catalog_release_id is null`, ...filterConditions(unlinked), start])}
        order by ${orderSql(plan, 's')} limit ${UNLINKED_WALK_ROWS}
      ),
      hits as (
        select s.id, ${keyText(plan, 's')} as key from walk s
        where ${and(wordConditions(filters.tokens, tier))}
        order by ${orderSql(plan, 's')} limit ${need}
      ),
      last as (
        select s.id, ${keyText(plan, 's')} as key from walk s
        order by ${orderSql(plan, 's')} offset ${UNLINKED_WALK_ROWS - 1} limit 1
      )${linked}
      select id, key, 'hit' as part from hits union all select id, key, 'last' as part from last${linkedRows}`),
  );
  const of = (part: string) => read.filter((row) => row.part === part).map(({ id, key }) => ({ id, key }));
  const hits = of('hit');
  const boundary = of('last')[0];
  if (hits.length >= need || !boundary) return { linked: of('linked'), unlinked: hits };
  const rest = and([
    sql`s.catalog_release_id is null`,
    ...filterConditions(unlinked, 'row'),
    ...wordConditions(filters.tokens, tier),
    keyAfter(plan, 's', boundary.key, boundary.id),
  ]);
  const more = rows<Hit>(await db.execute(trigramSql(plan, unlinked, rest, need - hits.length)));
  return { linked: of('linked'), unlinked: [...hits, ...more] };
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
