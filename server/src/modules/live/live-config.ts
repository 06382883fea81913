/** Tuning of the live stream, in one place. */

/** The PostgreSQL notification channel every instance listens on (one connection each). */
export const LIVE_CHANNEL = 'live_events';

/** A comment line this often keeps proxies (which close idle connections at 30-60 s) from dropping the stream. */
export const HEARTBEAT_MS = 20_000;

/** How long the browser waits before reconnecting after the stream drops. */
export const RECONNECT_MS = 3_000;

/**
 * A stream is closed (and the browser reconnects) after about this long, so a session that
 * expired stops receiving events soon: every reconnect signs in afresh. (A sign-out or a
 * suspension ends the streams at once: close-live-streams.ts.)
 */
export const MAX_STREAM_MS = 15 * 60 * 1000;

/** Rows sent per query while catching a reconnecting browser up. */
export const REPLAY_PAGE_SIZE = 500;

/** A browser that reads slower than this much unsent output is dropped; it reconnects and catches up. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Open streams one member may hold at once (tabs, devices), counted over every instance (the
 * live_streams table); more are refused with 429.
 */
export const MAX_STREAMS_PER_USER = 16;

/**
 * An open stream's row in live_streams counts for this long unless its instance renews it (every
 * HEARTBEAT_MS): a crashed instance's streams stop counting against the cap within a minute.
 */
export const STREAM_LEASE_MS = 3 * HEARTBEAT_MS;

/**
 * A notification on LIVE_CHANNEL that starts with this is an order, not event ids:
 * `close:user:<id>` (a suspension) or `close:session:<key>` (a sign-out) ends those streams on
 * every instance (see close-live-streams.ts).
 */
export const CLOSE_PREFIX = 'close:';

/** Events are kept this long for reconnecting browsers, then swept. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Most ids in one notification, well under PostgreSQL's 8,000-byte payload limit. */
export const NOTIFY_IDS_PER_MESSAGE = 300;

/** A reconnect delay spread over [RECONNECT_MS, 2 × RECONNECT_MS), so closed streams do not all come back at once. */
export function spreadReconnectMs(): number {
  return RECONNECT_MS + Math.floor(Math.random() * RECONNECT_MS);
}
