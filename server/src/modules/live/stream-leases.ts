import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER, STREAM_LEASE_MS } from './live-config';
import { deleteLiveStream, insertLiveStreamUnderCap, renewLiveStreams } from './live-streams.repository';

/**
 * This instance's share of the per-member stream cap: each open stream holds a row in
 * live_streams (a lease), so MAX_STREAMS_PER_USER counts the member's streams on every instance.
 * While it holds leases, the instance renews them every HEARTBEAT_MS; a crashed instance's
 * leases run out after STREAM_LEASE_MS.
 */
export class StreamLeases {
  readonly instanceId = randomUUID();
  private held = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A lease for one more stream of the member, or null when they hold the most allowed. */
  async acquire(userId: string): Promise<number | null> {
    const id = await insertLiveStreamUnderCap(this.db, { userId, instanceId: this.instanceId, max: MAX_STREAMS_PER_USER, leaseMs: STREAM_LEASE_MS });
    if (id === null) return null;
    this.held++;
    this.timer ??= setInterval(() => this.track(renewLiveStreams(this.db, { instanceId: this.instanceId, leaseMs: STREAM_LEASE_MS })), HEARTBEAT_MS);
    this.timer.unref();
    return id;
  }

  /** The stream closed: its lease goes (in the background; a failure only lets it run out). */
  release(id: number) {
    this.held--;
    if (this.held === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    this.track(deleteLiveStream(this.db, id));
  }

  /** Waits for releases under way (the app is closing). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.pending]);
  }

  private track(work: Promise<void>) {
    const done = work
      .catch((error: unknown) => this.log.warn({ err: error }, 'updating the open live streams failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
}
