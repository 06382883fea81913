import { HOUR_MS } from '@soleswap/contracts/time';
import type { Db } from '../../db/client';
import { noBlockBetweenSql } from '../blocks/block-guard';
import { suspendedMemberIdsSql } from '../users/member-suspension';
import { claimWantAlertRows, findWantsFittingPair, type FittingWantRow } from './wants.repository';

/** A want alerts its owner at most once in this long (issue #45). */
export const WANT_ALERT_INTERVAL_MS = HOUR_MS;

export type WantAlertCandidate = FittingWantRow;

/**
 * The wants a listing fits whose owners may be alerted now (docs/rules/matches.md#alerts): the
 * listing is tradable, the want's release, sizes, condition and price ceiling take it, it is
 * another member's, neither member is suspended nor blocks the other, and the want has not
 * alerted within the hour. A read: claimWantAlerts decides.
 */
export async function findWantAlertCandidates(db: Db, { sneakerId, now }: { sneakerId: number; now: Date }): Promise<WantAlertCandidate[]> {
  return findWantsFittingPair(db, {
    sneakerId,
    since: new Date(now.getTime() - WANT_ALERT_INTERVAL_MS),
    suspendedIds: suspendedMemberIdsSql(),
    // No pair lock: a read for a notice, like the bell's own block check (create-notifications.ts).
    noBlockBetween: (a, b) => noBlockBetweenSql(a, b),
  });
}

/**
 * Marks these wants alerted now, in the alert's transaction, only those that have not alerted
 * within the hour: of two listings fitting a want at once, one alert is sent. Returns the ids
 * claimed; the caller alerts those and no others.
 */
export async function claimWantAlerts(tx: Db, { wantIds, now }: { wantIds: number[]; now: Date }): Promise<Set<number>> {
  return new Set(await claimWantAlertRows(tx, { wantIds, now, since: new Date(now.getTime() - WANT_ALERT_INTERVAL_MS) }));
}
