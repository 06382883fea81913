import { sql, type SQL } from 'drizzle-orm';
import type { SearchPlan, SearchTier } from './search-plan';
import type { Db } from '../../db/client';
import { and, keyAfter, keyColumn, keyText, orderSql, ownerConditions, rows, wordConditions } from './search-sql';
import type { Hit, SneakerFilters } from './search-request';
import { sizeConditionSql } from './size-filter-sql';

/**
 * The walk of a covering index in key order that searches with words share: by date or relevance
 * (sneaker-search.repository.ts) and by value (value-search, value-bands). The four ordered
 * indexes, (created_at, id), (brand, created_at, id), (display_value, id) and (brand,
 * display_value, id), carry search_text, user_id and is_available_for_trade (migrations 0022, 0024).
 */

/** A value range a walk may be kept inside (a band: value-bands.repository.ts). */
export interface ValueRange {
  low: string;
  high: string;
}

/**
 * The entries after `after` in the plan's order: the brand's when there is one, inside `range`
 * when given (alias i, the covering value index). Where the walk starts, only one bound is
 * written, the tighter: given both, the btree may start from the looser one and read every
 * entry between them (PostgreSQL 15 positions a scan on one key per column).
 */
export function walkRange(plan: SearchPlan, filters: SneakerFilters, after: Hit | undefined, range?: ValueRange): SQL {
  const brand = filters.brand !== undefined ? sql`i.brand = ${filters.brand}` : undefined;
  const afterKey = after ? keyAfter(plan, 'i', after.key, after.id) : undefined;
  if (!range) return and([brand, afterKey]);
  const low = sql`i.display_value >= ${range.low}::numeric`;
  const high = sql`i.display_value < ${range.high}::numeric`;
  if (plan.direction === 'desc') {
    // Starts at the high end: after `after` when it lies inside the range, else at the range's top.
    return and([brand, low, after && Number(after.key) < Number(range.high) ? afterKey : high]);
  }
  return and([brand, high, after && Number(after.key) >= Number(range.low) ? afterKey : low]);
}

/** One window walked: its matches, and where the walk stops when they came up short. */
export interface WalkedWindow {
  /** The matches in order, at most the limit asked for. */
  hits: Hit[];
  /**
   * The window's last entry when the matches came up short, where the next step starts; undefined
   * when the page is full, or when the index range ended inside the window (nothing follows).
   */
  last: Hit | undefined;
}

/**
 * One window: the matches among the next `window` entries of the covering index in order
 * (an index-only scan: the subquery's LIMIT keeps it bounded, and it stops as soon as the outer
 * LIMIT is met). Size and condition are not in the index: when asked for, a match is checked on
 * its row by primary key, only after the covered conditions passed. The window's last entry
 * rides along (`last`, whether it matches or not): when the matches come up short the scan has
 * reached it anyway, and the next step starts after it without a second read of the range.
 */
export function coveringWalkSql(plan: SearchPlan, filters: SneakerFilters, tier: SearchTier, range: SQL, window: number, limit: number): SQL {
  const covered = and([...ownerConditions(filters, 'w'), ...wordConditions(filters.tokens, tier, 'w')]);
  const uncovered = [
    filters.size !== undefined ? sizeConditionSql(filters.size, filters.brand) : undefined,
    filters.minCondition !== undefined ? sql`s.condition >= ${filters.minCondition}::numeric` : undefined,
  ].filter((c) => c !== undefined);
  const hit = uncovered.length ? sql`(${covered} and exists (select 1 from sneakers s where s.id = w.id and ${and(uncovered)}))` : sql`(${covered})`;
  return sql`
    select w.id, ${keyText(plan, 'w')} as key, ${hit} as hit, w.n = ${window}::int as last from (
      select i.id, ${keyColumn(plan, 'i')}, i.search_text, i.user_id, i.is_available_for_trade,
        row_number() over (order by ${orderSql(plan, 'i')}) as n
      from sneakers i
      where ${range}
      order by ${orderSql(plan, 'i')} limit ${window}
    ) w
    where ${hit} or w.n = ${window}::int
    order by ${orderSql(plan, 'w')}
    limit ${limit}`;
}

/** Walks one window (coveringWalkSql) in one statement: its matches, and its last entry when they came up short. */
export async function walkWindow(
  db: Db,
  plan: SearchPlan,
  filters: SneakerFilters,
  tier: SearchTier,
  range: SQL,
  window: number,
  limit: number,
): Promise<WalkedWindow> {
  const found = rows<Hit & { hit: boolean; last: boolean }>(await db.execute(coveringWalkSql(plan, filters, tier, range, window, limit)));
  const hits = found.filter((row) => row.hit).map(({ id, key }) => ({ id, key }));
  const last = hits.length >= limit ? undefined : found.find((row) => row.last);
  return { hits, last: last && { id: last.id, key: last.key } };
}
