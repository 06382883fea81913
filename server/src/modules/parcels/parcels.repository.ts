import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parcelClaims, type ParcelRoute } from '../../db/schema/index';

/** Namespace of the per-number lock (the first key of the two-key advisory lock). */
const NUMBER_LOCK_CLASS = 7_401;

/**
 * A transaction-scoped lock on one tracking number, across instances: two legs claiming the same
 * number take turns, so the second sees the first's claim once it commits.
 */
export async function lockTrackingNumber(tx: Db, trackingNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(NUMBER_LOCK_CLASS))}, hashtext(${trackingNumber}))`);
}

/** The legs holding this number, apart from the one asking. */
export async function findClaimsOf(tx: Db, trackingNumber: string, except: { route: ParcelRoute; leg: string }) {
  return tx
    .select({ route: parcelClaims.route, leg: parcelClaims.leg })
    .from(parcelClaims)
    .where(and(eq(parcelClaims.trackingNumber, trackingNumber), or(ne(parcelClaims.route, except.route), ne(parcelClaims.leg, except.leg))));
}

/** Forgets the claims of legs that have ended. */
export async function deleteClaims(tx: Db, route: ParcelRoute, legs: readonly string[]): Promise<void> {
  if (legs.length === 0) return;
  await tx.delete(parcelClaims).where(and(eq(parcelClaims.route, route), inArray(parcelClaims.leg, [...legs])));
}

/** Records the leg's number (a leg claims once; a second claim of the same leg replaces its number). */
export async function upsertClaim(tx: Db, claim: { route: ParcelRoute; leg: string; trackingNumber: string; claimedAt: Date }): Promise<void> {
  await tx
    .insert(parcelClaims)
    .values(claim)
    .onConflictDoUpdate({
      target: [parcelClaims.route, parcelClaims.leg],
      set: { trackingNumber: claim.trackingNumber, claimedAt: claim.claimedAt },
    });
}
