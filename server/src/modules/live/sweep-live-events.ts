import type { AppContext } from '../../context';
import { LIVE_EVENT_RETENTION_MS } from './live-config';
import { deleteLiveEventsBefore } from './live-events.repository';

/** Deletes stream events older than any reconnecting browser still needs (a recurring job). */
export async function sweepLiveEvents(ctx: AppContext): Promise<{ deleted: number }> {
  const cutoff = new Date(ctx.now().getTime() - LIVE_EVENT_RETENTION_MS);
  return { deleted: await deleteLiveEventsBefore(ctx.db, cutoff) };
}
