import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as prices from './price-history.repository';

/**
 * What other modules may read on price snapshots (the verification module records them). The
 * readers take many sneakers at once, so a collection costs one statement whatever its size.
 */

/** One observed price of a sneaker, in cents (`source`: `daily`, or `demo` for the demo data's made-up history). */
export type SneakerPricePoint = prices.SneakerPricePoint;

/**
 * The price history a period needs for these sneakers, in one statement: every snapshot from
 * `from` up to `to` (or on, without it), plus each sneaker's latest snapshot before `from` (its
 * value when the period starts). Ordered by sneaker, then time.
 */
export async function findSnapshotsOfSneakers(db: Db, period: { sneakerIds: number[]; from: Date; to?: Date }): Promise<SneakerPricePoint[]> {
  return prices.findSnapshotsOfSneakers(db, period);
}

/**
 * Scalar: the newest snapshot's id (the primary key's last entry). Snapshots are only ever added,
 * so a figure computed from them can be kept while this stays the same, provided
 * snapshotsBeingWrittenSql was false when it was read.
 */
export function latestSnapshotIdSql(): SQL {
  return prices.latestSnapshotIdSql();
}

/**
 * Boolean: whether another session is adding snapshots now (holds, or has not yet committed, a
 * write on the table), in which case a figure read with latestSnapshotIdSql must not be kept.
 */
export function snapshotsBeingWrittenSql(): SQL {
  return prices.snapshotsBeingWrittenSql();
}
