import pg from 'pg';
import type { Database } from '../../db/client';
import { LIVE_CHANNEL } from './live-config';

export interface LiveListener {
  stop(): Promise<void>;
}

export interface LiveListenerHandlers {
  /** Event ids announced by a committed transaction (of any instance on this database). */
  onIds(ids: number[]): void;
  /** The connection is gone: notifications may have been missed until a new listener starts. */
  onLost(error: unknown): void;
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
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, (payload) => handlers.onIds(parseIds(payload)));
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
    if (message.channel === LIVE_CHANNEL) handlers.onIds(parseIds(message.payload));
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
