import type { Db } from '../../db/client';
import { findSneakerCards, lockSneakerCards, setSneakersOwner, type SneakerCardRow } from './sneaker-records.repository';

/**
 * What other modules may read and change on sneakers (the sneakers module owns the table). Every
 * function takes the caller's `db` or transaction; the readers take many ids at once.
 */
export {
  findAvailableSneakersOf,
  findEarlierListingImages,
  findListing,
  findPackingSlipPairs,
  findPairSummaries,
  findSneakerCards,
  findSneakerCardsOfMember,
  findSneakerIdsOfMember,
  findSneakerValues,
  findSneakerValuesOfMember,
  findSneakerRowById,
  listOwnersOfAvailableSneakers,
  lockListing,
  lockerFingerprintSql,
  sneakerCardsSubquery,
  sneakerListingsSubquery,
  sneakerPricesSubquery,
  updateVerificationColumns,
  type SneakerCardRow,
  type SneakerRow,
  type SneakerValueRow,
  type VerificationColumns,
} from './sneaker-records.repository';
export { countSneakersOf as countSneakersOfMember } from './sneakers.repository';
export { isFlagged, sneakerVerdict } from './sneaker-verdict';

/**
 * The sneakers (or with `lock`, the sneakers row-locked FOR UPDATE until the caller's transaction
 * ends). Rows are locked in id order, so two transactions locking overlapping sets cannot deadlock.
 */
export async function readSneakersForTrade(db: Db, ids: number[], { lock = false }: { lock?: boolean } = {}): Promise<SneakerCardRow[]> {
  return lock ? lockSneakerCards(db, ids) : findSneakerCards(db, ids);
}

/** Sneakers going to one new owner. */
export interface SneakerOwnerChange {
  sneakerIds: number[];
  toUserId: string;
}

/** Gives each group of sneakers to its new owner, in the caller's transaction (lock them first). */
export async function transferSneakers(tx: Db, transfers: SneakerOwnerChange[], at: Date): Promise<void> {
  for (const { sneakerIds, toUserId } of transfers) await setSneakersOwner(tx, sneakerIds, toUserId, at);
}
