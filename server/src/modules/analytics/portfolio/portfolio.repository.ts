import type { Db } from '../../../db/client';
import { findSneakerCardsOfMember } from '../../sneakers/sneaker-records';
import { findSnapshotsOfSneakers } from '../../verification/price-records';
import type { PortfolioSneaker, PriceSnapshot } from './portfolio-series';

/**
 * What the portfolio reads, through the modules that own it: the member's sneakers (sneakers) and
 * their price history (verification). No table is named here.
 */

export interface CollectionSneaker extends PortfolioSneaker {
  size: string;
  condition: string;
}

/** Every sneaker the member owns now, oldest first. */
export async function findCollectionSneakers(db: Db, userId: string): Promise<CollectionSneaker[]> {
  const cards = await findSneakerCardsOfMember(db, userId);
  return cards.map(({ id, name, brand, size, condition }) => ({ id, name, brand, size, condition }));
}

/**
 * The price history a period needs for the collection, in one statement: every snapshot from
 * `from` up to `to`, plus each sneaker's latest snapshot before `from` (its value when the period
 * starts, carried forward).
 */
export async function findCollectionSnapshots(
  db: Db,
  { sneakerIds, from, to }: { sneakerIds: number[]; from: Date; to: Date },
): Promise<PriceSnapshot[]> {
  return findSnapshotsOfSneakers(db, { sneakerIds, from, to });
}
