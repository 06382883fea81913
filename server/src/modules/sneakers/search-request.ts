import type { SizeQuery } from '@soleswap/contracts/sneaker-sizes';
import type { SearchPlan, SearchPosition } from './search-plan';

/**
 * What a sneaker list asks for, as data: the filters, the plan and the page. The layers of the
 * search depend one way: this and the plan (search-plan.ts), the SQL builders (search-sql.ts,
 * covering-walk-sql.ts), the readers (both-tiers, value-bands, value-search, release-listings),
 * and findSneakerPage (sneaker-search.repository.ts), which chooses among them.
 */

export interface SneakerFilters {
  /** Lowercase search words (search-text.ts tokenizeQuery); every one must match. */
  tokens: string[];
  brand?: string;
  /** A size in any system (sneaker-sizes.ts), compared per brand with the listing's US men's size (size-filter-sql.ts). */
  size?: SizeQuery;
  /** Minimum condition, a decimal string. */
  minCondition?: string;
  userId?: string;
  /** Leave out this member's sneakers (browse shows other members' lockers). */
  excludeUserId?: string;
  /** Leave out these members' sneakers too (blocks between them and the viewer). */
  excludeUserIds?: string[];
  /** Leave out suspended members' sneakers, read inside the statement (users' suspendedMemberIdsSql). */
  excludeSuspended?: boolean;
  /** Only sneakers available for trade (browse, other members' profiles). */
  availableOnly?: boolean;
  ids?: number[];
  /**
   * Catalogue releases the words name (catalog-search.ts): their listings are found by
   * catalog_release_id, beside the listings that hold the words (typos corrected).
   */
  releaseIds?: number[];
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

/** One match: its id and its sort key as the database printed it. */
export interface Hit {
  id: number;
  key: string;
}
