import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { SerialBatches } from '../../serial-batches';
import { findLiveEventsByIds } from './live-events.repository';
import type { LiveHub } from './live-hub';
import { startLiveListener, type LiveListener } from './live-listener';

/**
 * Turns notifications into stream events for this process: ids announced close together are
 * loaded in one query, and loads run one after another so each member's events stay in order.
 * The listener starts with the first stream (an instance nobody streams from holds no extra
 * connection) and stays up until the app closes.
 */
export class LiveFanout {
  private listener: Promise<LiveListener> | null = null;
  private readonly batches = new SerialBatches<number>((ids) => this.deliver(ids));

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once LISTEN is active: a stream must not catch up before, or it could miss a commit in between. */
  async ensureListening(): Promise<void> {
    if (!this.listener) {
      const starting = startLiveListener(this.ctx.database, {
        onIds: (ids) => this.enqueue(ids),
        onClose: (target) => this.hub.closeWhere(target),
        onLost: (error) => this.onLost(starting, error),
      });
      this.listener = starting;
      starting.catch(() => {
        if (this.listener === starting) this.listener = null;
      });
    }
    await this.listener;
  }

  async stop() {
    const listener = this.listener;
    this.listener = null;
    if (listener) await (await listener.catch(() => null))?.stop();
    await this.batches.idle();
  }

  /**
   * Notifications sent while the connection was down are lost, so every stream is closed: the
   * browsers reconnect, which starts a new listener, and catch up from their last event id.
   */
  private onLost(listener: Promise<LiveListener>, error: unknown) {
    this.log.warn({ err: error }, 'live listener lost its connection; closing live streams');
    if (this.listener === listener) this.listener = null;
    this.hub.closeAll();
  }

  private enqueue(ids: number[]) {
    if (this.hub.size === 0) return;
    this.batches.add(ids);
  }

  private async deliver(ids: number[]) {
    try {
      this.hub.deliver(await findLiveEventsByIds(this.ctx.db, ids));
    } catch (error) {
      // Rare (database trouble). Which members they were for is unknown, so every browser
      // reconnects and catches up from its last event id instead of silently missing them.
      this.log.error({ err: error }, 'loading live events failed; closing live streams');
      this.hub.closeAll();
    }
  }
}
