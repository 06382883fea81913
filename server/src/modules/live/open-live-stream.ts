import type { AppContext } from '../../context';
import { MAX_STREAM_MS, REPLAY_PAGE_SIZE } from './live-config';
import { findLatestLiveEventId, findLiveEventsAfter, findOldestLiveEventId } from './live-events.repository';
import type { LiveHub } from './live-hub';
import { LiveStream, type SseSink } from './live-stream';

export interface OpenLiveStreamInput {
  hub: LiveHub;
  userId: string;
  /** The last event id the browser saw; null for a first connection. */
  lastEventId: number | null;
  sink: SseSink;
  /** The session's key (close-live-streams.ts), so its sign-out ends the stream. */
  sessionKey?: string;
}

/**
 * Opens a member's stream without a gap or a double: it joins the hub first (live events are
 * held), then catches up from the table (or, on a first connection, starts after the member's
 * newest event), then sends what was held, skipping every id already sent. The caller has made
 * sure this process is listening before, so nothing committed in between can slip through.
 */
export async function openLiveStream(ctx: AppContext, input: OpenLiveStreamInput): Promise<LiveStream> {
  const { hub, userId, lastEventId, sink, sessionKey } = input;
  const closesAt = Date.now() + MAX_STREAM_MS + Math.floor(Math.random() * (MAX_STREAM_MS / 10));
  const stream = new LiveStream(userId, sink, { cursor: lastEventId ?? 0, closesAt, sessionKey });
  hub.add(stream);
  try {
    if (lastEventId === null) {
      stream.startAfter(await findLatestLiveEventId(ctx.db, userId));
    } else {
      if (await mayHaveMissedSweptEvents(ctx, lastEventId)) stream.resync();
      for (;;) {
        const rows = await findLiveEventsAfter(ctx.db, userId, stream.lastSentId, REPLAY_PAGE_SIZE);
        stream.replay(rows);
        if (rows.length < REPLAY_PAGE_SIZE || stream.isClosed) break;
      }
    }
    stream.goLive();
  } catch (error) {
    stream.close();
    throw error;
  }
  return stream;
}

/**
 * True when events after `lastEventId` may already have been swept (the browser was away longer
 * than they are kept). Ids are shared by all members, so this can say yes needlessly; the cost is
 * one refetch. A cursor of 0 means the member had no events when the browser connected, and is
 * not taken as a sign of a long absence.
 */
async function mayHaveMissedSweptEvents(ctx: AppContext, lastEventId: number): Promise<boolean> {
  if (lastEventId === 0) return false;
  const oldest = await findOldestLiveEventId(ctx.db);
  return oldest === null || oldest > lastEventId + 1;
}
