import type { TradeStatus } from './trades';

/**
 * What a signed-in member's live stream (GET /api/events, Server-Sent Events) carries. Each
 * event names what changed (ids, counts), never the whole record: the client refetches what it
 * shows, through the same endpoints and access rules as always.
 */
export const LIVE_EVENT_KINDS = ['trade.changed', 'message.created', 'notification.created', 'unread.changed'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export interface LiveEventPayloads {
  /** A trade the member is party to was proposed or moved (accepted, shipped, ...). */
  'trade.changed': { tradeId: number; status: TradeStatus; action: string };
  /** A chat message arrived in one of the member's threads: a trade's chat, a loop's chat or a direct conversation (the other ids are null or absent). */
  'message.created': { tradeId: number | null; conversationId: number | null; loopId?: number | null; messageId: number; senderId: string };
  /** A notification was added for the member. */
  'notification.created': { notificationId: number; kind: string };
  /** The member's unread counts changed; a count left out did not change. */
  'unread.changed': { messages?: number; notifications?: number };
}

/** One event as sent in the stream's `data:` line; `id` is also the SSE event id. */
export interface LiveEvent<K extends LiveEventKind = LiveEventKind> {
  id: number;
  kind: K;
  payload: LiveEventPayloads[K];
  createdAt: string;
}

/**
 * Control events, sent without data the client must keep:
 * `ready`: the stream has caught up and is live (its id is the member's cursor);
 * `resync`: events older than the server keeps may have been missed, so refetch everything shown.
 */
export const LIVE_READY_EVENT = 'ready';
export const LIVE_RESYNC_EVENT = 'resync';

/** The query parameter carrying the last seen id when a client opens a new stream itself. */
export const LAST_EVENT_ID_PARAM = 'lastEventId';
