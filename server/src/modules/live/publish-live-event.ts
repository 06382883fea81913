import type { LiveEventKind, LiveEventPayloads } from '@soleswap/contracts/live';
import type { Db } from '../../db/client';
import { insertAndAnnounceLiveEvents } from './live-events.repository';

export interface LiveEventInput<K extends LiveEventKind = LiveEventKind> {
  /** Every member who should see it (duplicates are sent once). */
  userIds: string[];
  kind: K;
  payload: LiveEventPayloads[K];
}

/**
 * Queues events for members' live streams inside the caller's transaction: one row per
 * recipient, and a notification (ids only) that PostgreSQL hands to every instance's listener
 * when, and only when, the transaction commits. Rolled-back work is never announced.
 *
 * One statement, whatever the number of events (see insertAndAnnounceLiveEvents). Call it last in
 * the transaction, once for all the transaction's events: it holds each recipient's lock until
 * commit, and taking no further locks after it is what keeps it clear of deadlocks.
 */
export async function publishLiveEvents(tx: Db, events: LiveEventInput[]): Promise<number[]> {
  const rows = events.flatMap((event) => [...new Set(event.userIds)].map((userId) => ({ userId, kind: event.kind, payload: event.payload })));
  return insertAndAnnounceLiveEvents(tx, rows);
}

/** One event for some members; see publishLiveEvents. */
export function publishLiveEvent<K extends LiveEventKind>(tx: Db, event: LiveEventInput<K>): Promise<number[]> {
  return publishLiveEvents(tx, [event as unknown as LiveEventInput]);
}
