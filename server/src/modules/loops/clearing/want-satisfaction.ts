import type { Listing, Want } from './clearing.types';

/**
 * Whether a listed pair satisfies a want: same release, an accepted size, good enough condition,
 * not above the value cap, and never the member's own pair.
 */
export function satisfies(want: Want, listing: Listing): boolean {
  return (
    want.memberId !== listing.ownerId &&
    want.releaseId === listing.releaseId &&
    want.sizes.includes(listing.size) &&
    listing.condition >= want.minCondition &&
    (want.maxValueCents === null || listing.valueCents <= want.maxValueCents)
  );
}
