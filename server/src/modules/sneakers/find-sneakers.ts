import type { Sneaker, SneakerListQuery } from '@soleswap/contracts/sneakers';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { findBlockedMemberIds, hasBlockBetween } from '../blocks/block-guard';
import { getUser } from '../users/get-user';
import { decodeSearchCursor, encodeSearchCursor, planSearch } from './search-plan';
import { MAX_SEARCH_TOKENS, tokenizeQuery } from '../../db/search-text';
import { resolveListingSearch } from '../catalog/catalog-search';
import { findSneakerPage, type SneakerFilters } from './sneaker-search.repository';
import { toSneaker } from './sneakers.repository';

/**
 * Whose sneakers a list shows:
 * - `members`: signed-in browse and the home page's latest drops: other members' sneakers that
 *   are available for trade (your own are in your locker, and hidden ones are not on offer).
 *   Asked for by `ids` (the sneakers of a trade), every one of them, your own and hidden included;
 * - `public`: only those available for trade (visitors' browse);
 * - `owner`: one member's sneakers; the owner also sees their hidden ones, others do not.
 */
export type SneakerListScope = { kind: 'members' } | { kind: 'public' } | { kind: 'owner'; userId: string };

export interface SneakerList {
  sneakers: Sneaker[];
  /** For the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** A page of sneakers: search words, filters, sort and cursor of SneakerListQuerySchema. */
export async function findSneakers(
  ctx: AppContext,
  { viewer, scope, query }: { viewer: User | null; scope: SneakerListScope; query: SneakerListQuery },
): Promise<SneakerList> {
  // Words naming catalogue releases find those releases' listings too (catalog-search.ts): the
  // same releases the library lists for the same words.
  const named = query.q?.trim() && query.ids === undefined ? await resolveListingSearch(ctx, query.q) : null;
  const tokens = named ? named.words.slice(0, MAX_SEARCH_TOKENS) : tokenizeQuery(query.q);
  const plan = planSearch({ sort: query.sort, hasWords: tokens.length > 0 || named !== null, namesReleases: named !== null });
  const after = query.cursor ? decodeSearchCursor(plan, query.cursor) : undefined;
  if (after === null) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });

  const filters: SneakerFilters = {
    tokens,
    brand: query.brand,
    size: query.size,
    minCondition: query.condition,
    ids: query.ids,
    releaseIds: named?.releaseIds,
  };
  if (scope.kind === 'public') filters.availableOnly = true;
  if (scope.kind === 'members' && query.ids === undefined) {
    filters.availableOnly = true;
    if (viewer) filters.excludeUserId = viewer.id;
  }
  const excluded = new Set<string>();
  // A suspended member's listings are off the market: no browse, search or locker shows them (a
  // trade's sneakers, asked for by id, still show on that trade). Checked inside the page's own
  // statements (no round trip of its own: docs/performance/cache-miss-reads.md).
  if (query.ids === undefined) filters.excludeSuspended = true;
  // Members who block each other do not see each other's listings in browse or search, nor by id.
  if (scope.kind !== 'owner' && viewer) for (const id of await findBlockedMemberIds(ctx.db, viewer.id)) excluded.add(id);
  if (excluded.size) filters.excludeUserIds = [...excluded];
  if (scope.kind === 'owner') {
    // The viewer's own locker needs no lookup: the signed-in member was read with their session.
    const owner = viewer?.id === scope.userId ? viewer : await getUser(ctx, { id: scope.userId, viewer }); // 404 for an unknown member
    // Across a block either way the locker answers as an unknown member's would.
    if (viewer && (await hasBlockBetween(ctx.db, viewer.id, owner.id))) throw notFound('User');
    filters.userId = owner.id;
    filters.availableOnly = viewer?.id !== owner.id;
  }

  const page = await findSneakerPage(ctx.db, { filters, plan, after, limit: query.limit });
  return {
    sneakers: page.records.map((record) => toSneaker(record, viewer?.id ?? null)),
    nextCursor: page.next ? encodeSearchCursor(plan, page.next) : null,
  };
}
