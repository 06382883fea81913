import { sql, type SQL } from 'drizzle-orm';
import type { SearchPlan, SearchTier } from './search-plan';
import { brandPattern, containsPattern, wordStartPattern } from '../../db/search-text';
import type { SneakerFilters } from './search-request';
import { sizeConditionSql } from './size-filter-sql';
import { suspendedMemberIdsSql } from '../users/member-suspension';

/** SQL pieces the search paths share: row conditions, the keyset order and its comparisons. */

/** `s` is a sneakers row, `i` an entry of an ordered index, `w` a walked entry of a covering index. */
export type Alias = 's' | 'i' | 'w';

/**
 * Row conditions, on alias s. `brand: 'row'` writes the brand so that no btree index can answer it
 * (COLLATE "C": the same equality, as the default collation is deterministic), for the trigram
 * step: there the brand is already intersected inside the GIN index as a trigram pattern, and the
 * planner would otherwise AND in a bitmap of every row of the brand from (brand, created_at, id),
 * 180,000 entries for Nike, which cost more than the whole trigram read.
 */
export function filterConditions(f: SneakerFilters, brand: 'index' | 'row' = 'index'): Array<SQL | undefined> {
  return [
    f.brand === undefined ? undefined : brand === 'index' ? sql`s.brand = ${f.brand}` : sql`s.brand collate "C" = ${f.brand}`,
    f.size !== undefined ? sizeConditionSql(f.size, f.brand) : undefined,
    f.minCondition !== undefined ? sql`s.condition >= ${f.minCondition}::numeric` : undefined,
    f.userId !== undefined ? sql`s.user_id = ${f.userId}::uuid` : undefined,
    ...ownerConditions(f, 's'),
    f.ids !== undefined ? sql`s.id = any(${`{${f.ids.join(',')}}`}::int[])` : undefined,
  ];
}

/** Availability and the members left out: columns the covering value indexes carry. */
export function ownerConditions(f: SneakerFilters, alias: Alias): Array<SQL | undefined> {
  const a = sql.raw(alias);
  return [
    f.excludeUserId !== undefined ? sql`${a}.user_id <> ${f.excludeUserId}::uuid` : undefined,
    f.excludeUserIds?.length ? sql`${a}.user_id <> all(${`{${f.excludeUserIds.join(',')}}`}::uuid[])` : undefined,
    f.excludeSuspended ? sql`${a}.user_id <> all(${suspendedMemberIdsSql()})` : undefined,
    f.availableOnly ? sql`${a}.is_available_for_trade` : undefined,
  ];
}

/**
 * Every word as a substring (the trigram-indexed part), plus the tier's word-start rule.
 * `trigram: 'row'` writes them so that the trigram index cannot answer them (COLLATE "C": LIKE
 * and these patterns match alike under any deterministic collation, the index is built under
 * the default one), for the value bands: their keys already hold the words' trigrams band by
 * band, and the planner would otherwise read the words' posting lists over the whole table.
 */
export function wordConditions(tokens: string[], tier: SearchTier, alias: Alias = 's', trigram: 'index' | 'row' = 'index'): Array<SQL | undefined> {
  const contains = wordContainsConditions(tokens, alias, trigram);
  if (tier.wordStart === null || tokens.length === 0) return contains;
  const starts = wordStartsSql(tokens, alias);
  return [...contains, tier.wordStart ? starts : sql`not (${starts})`];
}

/** Every word as a substring of the search text: the part the trigram index answers (see wordConditions). */
export function wordContainsConditions(tokens: string[], alias: Alias = 's', trigram: 'index' | 'row' = 'index'): SQL[] {
  const text = sql.raw(trigram === 'index' ? `${alias}.search_text` : `${alias}.search_text collate "C"`);
  return tokens.map((t) => sql`${text} like ${containsPattern(t)}`);
}

/**
 * The brand written as a trigram pattern of the search text (`' nike '`), so the GIN index
 * intersects brand and words before it reads any row; the exact brand is checked on the row.
 */
export function brandTrigramCondition(filters: SneakerFilters): SQL | undefined {
  return filters.brand ? sql`s.search_text like ${brandPattern(filters.brand)}` : undefined;
}

/** Whether every word starts a word of the row's search text (the rule between the relevance tiers). */
export function wordStartsSql(tokens: string[], alias: Alias = 's'): SQL {
  return and(tokens.map((t) => sql`${sql.raw(alias)}.search_text ~ ${wordStartPattern(t)}`));
}

/**
 * The keyset column. Value is display_value, the price the card shows large (market price,
 * else estimate), so "by value" orders what the member actually reads.
 */
export function keyColumn(plan: SearchPlan, alias: Alias): SQL {
  return sql.raw(`${alias}.${plan.key === 'created' ? 'created_at' : 'display_value'}`);
}

/** The sort key as text, exactly (timestamps keep their microseconds, which a JS Date would lose). */
export function keyText(plan: SearchPlan, alias: Alias): SQL {
  return sql.raw(`${alias}.${plan.key === 'created' ? 'created_at' : 'display_value'}::text`);
}

export function orderSql(plan: SearchPlan, alias: Alias): SQL {
  const dir = direction(plan);
  return sql`${keyColumn(plan, alias)} ${dir}, ${sql.raw(alias)}.id ${dir}`;
}

/**
 * The direction with the NULLS placement the indexes were built with, or PostgreSQL will not
 * read them in order (the columns are NOT NULL, so this never changes a result):
 * (created_at DESC NULLS LAST, id DESC NULLS LAST) read forwards, and
 * (display_value, id) read forwards (ASC NULLS LAST) or backwards (DESC NULLS FIRST).
 */
export function direction(plan: SearchPlan): SQL {
  if (plan.key === 'created') return sql.raw(plan.direction === 'desc' ? 'desc nulls last' : 'asc nulls first');
  return sql.raw(plan.direction === 'desc' ? 'desc nulls first' : 'asc nulls last');
}

/** Rows strictly after (key, id) in the plan's order: a row comparison the btree index serves. */
export function keyAfter(plan: SearchPlan, alias: Alias, key: string, id: number): SQL {
  const cast = sql.raw(plan.key === 'created' ? 'timestamptz' : 'numeric');
  const op = sql.raw(plan.direction === 'desc' ? '<' : '>');
  return sql`(${keyColumn(plan, alias)}, ${sql.raw(alias)}.id) ${op} (${key}::${cast}, ${id}::int)`;
}

export function and(parts: Array<SQL | undefined>): SQL {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

/** The rows of a raw result, as db/raw-rows reads them (the search statements' name for it). */
export { rowsOf as rows } from '../../db/raw-rows';

/**
 * Step 2 (and the index-first try): matches through the trigram index, newest (or by value)
 * first. MATERIALIZED is a planner fence: we already expect few matches, so walking the
 * ordered index is the one plan we do not want. The brand, written as a trigram pattern too,
 * lets the GIN index intersect brand and words before any row is fetched ("samba" with brand
 * Nike finds nothing without reading a single Samba). With a cap, at most `cap` matches are
 * read (in table order) and `total` says how many were: `total` = cap means "too many to
 * sort here", and the caller walks instead.
 */
export function trigramSql(plan: SearchPlan, filters: SneakerFilters, where: SQL, limit: number, cap?: number): SQL {
  const dir = direction(plan);
  const brandInIndex = brandTrigramCondition(filters);
  // The cap sits on a second CTE: a LIMIT on the scan itself would invite a "fast start" plan
  // (scan the brand hoping for early matches), the very plan that reads everything when matches
  // are rare. CTEs are read lazily, so the first CTE still stops after `cap` rows.
  return sql`
    with hits as materialized (
      select s.id, ${keyColumn(plan, 's')} as sort_key, ${keyText(plan, 's')} as key
      from sneakers s where ${and([where, brandInIndex])}
    ),
    capped as materialized (select * from hits ${cap ? sql`limit ${cap}` : sql``})
    select id, key${cap ? sql`, (select count(*) from capped)::int as total` : sql``} from capped
    order by sort_key ${dir}, id ${dir}
    limit ${limit}`;
}
