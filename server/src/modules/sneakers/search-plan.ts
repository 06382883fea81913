import { z } from 'zod';
import type { SneakerSort } from '@soleswap/contracts/sneakers';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';

/**
 * How a sneaker list is ordered, as data: the keyset column and direction, and the relevance
 * tiers. Pure, so the ordering rules are unit-tested without a database.
 *
 * Relevance is deliberately cheap: tier 1 holds sneakers where every search word starts a word
 * ("red" → "Fire Red"), tier 0 those that only contain it ("Bred", "Infrared"); inside a tier,
 * newest first. Each tier is a plain indexable filter walked in index order, so ranking never
 * has to score and sort every match (see sneaker-search.repository.ts).
 */

export type KeyColumn = 'created' | 'value';
export type Direction = 'desc' | 'asc';

export interface SearchTier {
  /** Higher ranks come first; the cursor records the tier it stopped in. */
  rank: number;
  /** true: every token starts a word; false: not every token does; null: no condition. */
  wordStart: boolean | null;
}

export interface SearchPlan {
  sort: SneakerSort;
  key: KeyColumn;
  direction: Direction;
  /** In result order. */
  tiers: SearchTier[];
}

/** Where the previous page stopped: tier rank, sort key as the database printed it, and id. */
export interface SearchPosition {
  rank: number;
  key: string;
  id: number;
}

/**
 * The plan for a sort and the words searched for. Relevance is the default when there are words.
 * When the words name catalogue releases (`namesReleases`), relevance is that match, made by the
 * catalogue search: the listings found come newest first, in one tier.
 */
export function planSearch({
  sort,
  hasWords,
  namesReleases = false,
}: {
  sort?: SneakerSort;
  hasWords: boolean;
  namesReleases?: boolean;
}): SearchPlan {
  const resolved = sort ?? (hasWords ? 'relevance' : 'newest');
  const single: SearchTier[] = [{ rank: 0, wordStart: null }];
  switch (resolved) {
    case 'value_desc':
      return { sort: resolved, key: 'value', direction: 'desc', tiers: single };
    case 'value_asc':
      return { sort: resolved, key: 'value', direction: 'asc', tiers: single };
    case 'newest':
      return { sort: resolved, key: 'created', direction: 'desc', tiers: single };
    case 'relevance':
      return {
        sort: resolved,
        key: 'created',
        direction: 'desc',
        tiers:
          hasWords && !namesReleases
            ? [
                { rank: 1, wordStart: true },
                { rank: 0, wordStart: false },
              ]
            : single,
      };
  }
}

/**
 * The tiers still to read after `position`: the tier it stopped in (continuing after its key),
 * then every lower tier from its start. Tiers before it are done.
 */
export function remainingTiers(plan: SearchPlan, position?: SearchPosition): Array<{ tier: SearchTier; after?: SearchPosition }> {
  if (!position) return plan.tiers.map((tier) => ({ tier }));
  const index = plan.tiers.findIndex((t) => t.rank === position.rank);
  return plan.tiers.slice(index).map((tier, i) => (i === 0 ? { tier, after: position } : { tier }));
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-](\d{2})(:\d{2}){0,2}|Z)?$/;

/**
 * A timestamp in the text form PostgreSQL writes, naming a real moment: the shape alone lets
 * through Feb 30, hour 25 or year 0, which the database refuses with an error (a 500).
 */
function isTimestampText(text: string): boolean {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  const offsetHours = Number(m[9] ?? 0);
  return year >= 1 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DECIMAL_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

const CursorSchema = z.object({
  s: z.string(),
  t: z.number().int(),
  k: z.string().max(64),
  // sneakers.id is int4: a forged cursor beyond it is refused here, not by the database.
  i: z.number().int().positive().max(2_147_483_647),
});

/** The cursor for the next page: it also names the sort, so it cannot be replayed under another one. */
export function encodeSearchCursor(plan: SearchPlan, position: SearchPosition): string {
  return encodeOpaqueCursor({ s: plan.sort, t: position.rank, k: position.key, i: position.id });
}

/** The position a cursor holds, or null when it is malformed, forged or from another sort. */
export function decodeSearchCursor(plan: SearchPlan, cursor: string): SearchPosition | null {
  const parsed = CursorSchema.safeParse(decodeOpaqueCursor(cursor));
  if (!parsed.success) return null;
  const { s, t, k, i } = parsed.data;
  if (s !== plan.sort || !plan.tiers.some((tier) => tier.rank === t)) return null;
  if (!(plan.key === 'created' ? isTimestampText(k) : DECIMAL_TEXT.test(k))) return null;
  return { rank: t, key: k, id: i };
}
