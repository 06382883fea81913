import pg from 'pg';
import type { Database } from '../../db/client';
import { CLOSE_PREFIX, LIVE_CHANNEL } from './live-config';
import type { LiveStreamTarget } from './live-hub';

export interface LiveListener {
  stop(): Promise<void>;
}

export interface LiveListenerHandlers {
  /** Event ids announced by a committed transaction (of any instance on this database). */
  onIds(ids: number[]): void;
  /** Streams to end at once (a sign-out, a suspension), on whichever instance holds them. */
  onClose(target: LiveStreamTarget): void;
  /** The connection is gone: notifications may have been missed until a new listener starts. */
  onLost(error: unknown): void;
}

/** `close:user:<id>` or `close:session:<key>` (see close-live-streams.ts); null for anything else. */
function parseClose(payload: string): LiveStreamTarget | null {
  const [kind, value] = payload.slice(CLOSE_PREFIX.length).split(':');
  if (!value) return null;
  if (kind === 'user') return { userId: value };
  if (kind === 'session') return { sessionKey: value };
  return null;
}

function onPayload(payload: string | undefined, handlers: LiveListenerHandlers) {
  if (payload?.startsWith(CLOSE_PREFIX)) {
    const target = parseClose(payload);
    if (target) handlers.onClose(target);
  } else handlers.onIds(parseIds(payload));
}

function parseIds(payload: string | undefined): number[] {
  return (payload ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/**
 * LISTENs on the live channel, once per process. On PostgreSQL that is a dedicated connection
 * (outside the pool, which must never be held by a LISTEN); on PGlite, one process owns the
 * database and PGlite delivers its own notifications after commit, so the same code path serves.
 * Resolves once LISTEN is active: anything committed from then on is announced.
 */
export async function startLiveListener(database: Database, handlers: LiveListenerHandlers): Promise<LiveListener> {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its client');
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, (payload) => onPayload(payload, handlers));
    return { stop: () => unlisten() };
  }

  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = new pg.Client({ ...pool.options, keepAlive: true });
  let stopping = false;
  let lost = false;
  const onLost = (error: unknown) => {
    if (stopping || lost) return;
    lost = true;
    handlers.onLost(error);
    client.end().catch(() => undefined);
  };
  client.on('notification', (message) => {
    if (message.channel === LIVE_CHANNEL) onPayload(message.payload, handlers);
  });
  client.on('error', onLost);
  client.on('end', () => onLost(new Error('live listener connection ended')));
  try {
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
  } catch (error) {
    stopping = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    stop: async () => {
      stopping = true;
      await client.end().catch(() => undefined);
    },
  };
}
