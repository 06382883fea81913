import { rowsOf } from '../../../db/raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { findSneakerValuesOfMember, lockerFingerprintSql } from '../../sneakers/sneaker-records';
import { membershipsSubquery, type MembershipColumns } from '../../users/membership-columns';
import { findSnapshotsOfSneakers, latestSnapshotIdSql, snapshotsBeingWrittenSql } from '../../verification/price-records';
import type { PortfolioSneaker, PriceSnapshot } from './portfolio-series';
import { moneyToCents } from './portfolio-valuation';

/**
 * What the portfolio reads, through the modules that own it: the member's sneakers (sneakers) and
 * their price history (verification). No table is named here.
 */

export interface CollectionSneaker extends PortfolioSneaker {
  size: string;
  condition: string;
}

/** Every sneaker the member owns now, with what values it, oldest first. */
export async function findCollectionSneakers(db: Db, userId: string): Promise<CollectionSneaker[]> {
  const pairs = await findSneakerValuesOfMember(db, userId);
  return pairs.map(({ id, name, brand, size, condition, estimatedValue, marketPrice }) => ({
    id,
    name,
    brand,
    size,
    condition,
    estimatedValueCents: moneyToCents(estimatedValue)!,
    marketPriceCents: moneyToCents(marketPrice),
  }));
}

/**
 * The price history a period needs for the collection, in one statement: every snapshot from
 * `from` up to `to` (or on, without it), plus each sneaker's latest snapshot before `from` (its value when the period
 * starts, carried forward).
 */
export async function findCollectionSnapshots(
  db: Db,
  { sneakerIds, from, to }: { sneakerIds: number[]; from: Date; to?: Date },
): Promise<PriceSnapshot[]> {
  return findSnapshotsOfSneakers(db, { sneakerIds, from, to });
}

/** What decides whether a kept portfolio still holds (see portfolio-memo.ts), read in one statement. */
export interface PortfolioStamp {
  membership: MembershipColumns;
  /** Changes whenever a pair of the member's locker is added, removed or renamed. */
  locker: string;
  /** The newest price snapshot's id (null: none yet). */
  latestSnapshotId: number | null;
  /** Another session was writing price snapshots: what is computed now must not be kept. */
  snapshotsBeingWritten: boolean;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The member's premium columns and the versions of their locker and of the prices; null when the member does not exist. */
export async function findPortfolioStamp(db: Db, userId: string): Promise<PortfolioStamp | null> {
  const result = await db.execute(sql`
    select m.is_premium_member, m.membership_paid_at, m.membership_period_end, m.membership_canceled_at, m.membership_ended_at,
           ${lockerFingerprintSql(userId)} as locker, ${latestSnapshotIdSql()} as latest_snapshot_id,
           ${snapshotsBeingWrittenSql()} as snapshots_being_written
    from ${membershipsSubquery()} m where m.id = ${userId}::uuid`);
  type Timestamp = Date | string | null;
  const [row] = rowsOf<{
    is_premium_member: boolean;
    membership_paid_at: Timestamp;
    membership_period_end: Timestamp;
    membership_canceled_at: Timestamp;
    membership_ended_at: Timestamp;
    locker: string;
    latest_snapshot_id: number | string | null;
    snapshots_being_written: boolean;
  }>(result);
  if (!row) return null;
  return {
    membership: {
      isPremiumMember: row.is_premium_member,
      membershipPaidAt: toDate(row.membership_paid_at),
      membershipPeriodEnd: toDate(row.membership_period_end),
      membershipCanceledAt: toDate(row.membership_canceled_at),
      membershipEndedAt: toDate(row.membership_ended_at),
    },
    locker: row.locker,
    latestSnapshotId: row.latest_snapshot_id === null ? null : Number(row.latest_snapshot_id),
    snapshotsBeingWritten: row.snapshots_being_written,
  };
}
