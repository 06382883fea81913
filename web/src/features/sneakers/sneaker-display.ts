import { toCents } from '@soleswap/contracts/money-values';
import type { Sneaker, SneakerOwner } from '@soleswap/contracts/sneakers';

/** Whole cents of a decimal string, or null when it is missing or unreadable. */
function centsOf(amount: string | null | undefined): number | null {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  return toCents(amount.trim());
}

/**
 * docs/web-client.md#cards-and-small-behaviours: when a market price exists and differs from the estimate, the card shows
 * the market price and strikes the estimate through. Compared in cents, so "250"
 * and "250.00" are the same price.
 */
export function hasDifferentMarketPrice(sneaker: Pick<Sneaker, 'marketPrice' | 'estimatedValue'>): boolean {
  const market = centsOf(sneaker.marketPrice);
  return market !== null && market !== centsOf(sneaker.estimatedValue);
}

/** The owner handle on a card: their username, else the first 8 characters of their id (see docs/web-client.md#timings-and-counts). */
export function ownerHandle(userId: string, owner?: Pick<SneakerOwner, 'username'> | null): string {
  return owner?.username?.trim() || userId.slice(0, 8);
}

/** The trade-create address for a sneaker: the other side's sneaker and its owner preselected. */
export function tradeCreatePath(sneaker: Pick<Sneaker, 'id' | 'userId'>): string {
  const params = new URLSearchParams({ target: String(sneaker.id), owner: sneaker.userId });
  return `/trades/create?${params}`;
}

/**
 * The picture a card shows: the pair's own photo (its thumbnail first), else, for a pair linked to
 * a catalogue release, that release's generated artwork (as the library shows it), else null (the
 * placeholder).
 */
export function sneakerPictureUrl(sneaker: Pick<Sneaker, 'imageUrl' | 'thumbnailUrl' | 'catalogReleaseId'>): string | null {
  if (sneaker.thumbnailUrl || sneaker.imageUrl) return sneaker.thumbnailUrl ?? sneaker.imageUrl;
  return sneaker.catalogReleaseId === null ? null : `/api/catalog/${sneaker.catalogReleaseId}/artwork.svg`;
}

/** What a profile lists: the owner sees every sneaker, others only those available for trade. */
export function listedSneakers<T extends Pick<Sneaker, 'isAvailableForTrade'>>(sneakers: T[], { isOwner }: { isOwner: boolean }): T[] {
  return isOwner ? sneakers : sneakers.filter((sneaker) => sneaker.isAvailableForTrade);
}
