import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { CLOSE_PREFIX } from './live-config';
import { notifyLiveChannel } from './live-events.repository';

/**
 * The key a stream is filed under for its session: a hash of the session id, so the id itself
 * (a bearer secret) never travels in a notification or lands in a database log.
 */
export function sessionKeyOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

/**
 * Ends the member's open streams on every instance (a suspension): a notification on the live
 * channel, which every instance holding streams listens on. Inside a transaction it goes out
 * when, and only if, the transaction commits.
 */
export async function closeLiveStreamsOfMember(db: Db, userId: string): Promise<void> {
  await notifyLiveChannel(db, `${CLOSE_PREFIX}user:${userId}`);
}

/** Ends the streams opened with one session on every instance (a sign-out); see closeLiveStreamsOfMember. */
export async function closeLiveStreamsOfSession(db: Db, sessionId: string): Promise<void> {
  await notifyLiveChannel(db, `${CLOSE_PREFIX}session:${sessionKeyOf(sessionId)}`);
}
