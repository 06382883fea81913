import type { Db } from '../../db/client';
import { claimMatchAnnouncement } from './wants.repository';

/** A two-way match as its announcer needs it: who owns which pair. */
export interface MatchToAnnounce {
  id: number;
  userAId: string;
  userBId: string;
  /** A's pair, which B would get. */
  sneakerAId: number;
  /** B's pair, which A would get. */
  sneakerBId: number;
}

/**
 * Marks a match notified inside the announcer's transaction (the notifications module), and
 * returns it; null when it was already announced. Called before the notifications are stored in
 * that same transaction, so a match found twice at once is announced by one of them only, and a
 * failed announcement leaves it unmarked for the next time it is found.
 */
export async function markMatchNotified(tx: Db, { matchId }: { matchId: number }): Promise<MatchToAnnounce | null> {
  return claimMatchAnnouncement(tx, matchId);
}
