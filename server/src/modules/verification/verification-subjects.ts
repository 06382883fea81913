import type { VerificationResult } from '@soleswap/contracts/verification';
import type { Db } from '../../db/client';
import { findReleaseById, findReleasePriceRange, type CatalogReleaseRow } from '../catalog/release-records';
import { findSneakerRowById, lockListing, updateVerificationColumns, type SneakerRow } from '../sneakers/sneaker-records';
import { isSneakerLocked } from '../escrow/escrow-locks';
import { findMemberStanding } from '../users/member-records';
import type { CatalogPrices } from './internal-market-source';

/** What a verification reads about one sneaker: the listing, its release, its owner and whether escrow holds it. */
export interface SneakerForVerification {
  sneaker: SneakerRow;
  release: CatalogReleaseRow | null;
  owner: { createdAt: Date; totalTrades: number; reputation: string; isPremiumMember: boolean };
  isLocked: boolean;
}

/** The listing, then its release, owner and escrow state together (two round trips). */
export async function findSneakerForVerification(db: Db, id: number): Promise<SneakerForVerification | null> {
  const sneaker = await findSneakerRowById(db, id);
  if (!sneaker) return null;
  const [release, owner, isLocked] = await Promise.all([
    sneaker.catalogReleaseId === null ? null : findReleaseById(db, sneaker.catalogReleaseId),
    findMemberStanding(db, sneaker.userId),
    isSneakerLocked(db, id),
  ]);
  return owner ? { sneaker, release, owner, isLocked } : null;
}

const toCents = (value: string) => Math.round(Number(value) * 100);

/** The catalogue prices of the release by id, else of the release with this style code. */
export async function findCatalogPrices(db: Db, match: { catalogReleaseId: number | null; styleCode: string | null }): Promise<CatalogPrices | null> {
  const row = await findReleasePriceRange(db, match);
  return row ? { lastCents: toCents(row.last), lowCents: toCents(row.low), highCents: toCents(row.high) } : null;
}

/** Writes a verification's outcome onto the sneaker. */
export async function saveVerificationOnSneaker(tx: Db, sneakerId: number, result: VerificationResult, at: Date): Promise<void> {
  await updateVerificationColumns(tx, sneakerId, {
    isVerified: result.isAuthentic,
    verificationScore: result.verificationScore,
    verificationDetails: result.verificationDetails,
    verificationChecks: result.checks,
    verificationSource: result.source,
    lastVerificationDate: at,
    ...(result.marketPrice && result.priceRange
      ? { marketPrice: result.marketPrice, priceRangeLow: result.priceRange.low, priceRangeHigh: result.priceRange.high }
      : {}),
    updatedAt: at,
  });
}

/**
 * The sneaker's row locked FOR UPDATE (inside a transaction), with whether escrow holds it; the
 * escrow state is read after the row lock, so it includes a trade accepted while we waited.
 */
export async function lockSneakerForVerification(tx: Db, id: number): Promise<{ listingChangedAt: Date; isLocked: boolean } | null> {
  const row = await lockListing(tx, id);
  if (!row) return null;
  return { listingChangedAt: row.listingChangedAt, isLocked: await isSneakerLocked(tx, id) };
}
