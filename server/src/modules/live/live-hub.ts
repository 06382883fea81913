import { HEARTBEAT_MS, MAX_STREAMS_PER_USER, spreadReconnectMs } from './live-config';
import type { LiveEventRow } from './live-events.repository';
import type { LiveStream } from './live-stream';

/** Whose streams to end: a member's (every session) or one session's. */
export type LiveStreamTarget = { userId: string; sessionKey?: undefined } | { sessionKey: string; userId?: undefined };

/**
 * Heartbeats go out in this many slices of the heartbeat period: a tick writes to one slice's
 * streams, so 1,000 open streams cost 50 writes a second instead of 1,000 writes in one task,
 * which held every request behind it (docs/benchmarks.md, "Live delivery").
 */
export const HEARTBEAT_SLICES = 20;

/**
 * This process's open streams by member id: events fan out in memory to the recipient's streams
 * only, and one timer (not one per stream) sends heartbeats and retires streams at their time.
 * Each stream belongs to one heartbeat slice (the one with the fewest streams when it opened), so
 * it still gets one heartbeat each period.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private readonly slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<LiveStream>());
  private nextSlice = 0;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: { heartbeatMs?: number; now?: () => number } = {}) {}

  get size(): number {
    return this.count;
  }

  hasRoomFor(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER;
  }

  add(stream: LiveStream) {
    let streams = this.byUser.get(stream.userId);
    if (!streams) this.byUser.set(stream.userId, (streams = new Set()));
    streams.add(stream);
    if (stream.sessionKey) {
      let ofSession = this.bySession.get(stream.sessionKey);
      if (!ofSession) this.bySession.set(stream.sessionKey, (ofSession = new Set()));
      ofSession.add(stream);
    }
    this.slices.reduce((smallest, candidate) => (candidate.size < smallest.size ? candidate : smallest)).add(stream);
    this.count++;
    stream.onClose(() => this.remove(stream));
    this.timer ??= setInterval(() => this.tick(), (this.options.heartbeatMs ?? HEARTBEAT_MS) / HEARTBEAT_SLICES);
    this.timer.unref();
  }

  deliver(rows: LiveEventRow[]) {
    for (const row of rows) {
      const streams = this.byUser.get(row.userId);
      if (streams) for (const stream of streams) stream.push(row);
    }
  }

  /**
   * Ends a member's streams (a suspension) or one session's (a sign-out), without a reconnect
   * hint: the browser's automatic reconnect then meets a 401, as the session is gone.
   */
  closeWhere(target: LiveStreamTarget) {
    const streams = target.userId !== undefined ? this.byUser.get(target.userId) : this.bySession.get(target.sessionKey);
    for (const stream of [...(streams ?? [])]) stream.close();
  }

  /** Closes every stream, telling browsers when to come back (shutdown, lost listener): they resume where they left off. */
  closeAll() {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close(spreadReconnectMs());
  }

  private remove(stream: LiveStream) {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    for (const slice of this.slices) slice.delete(stream);
    this.count--;
    if (streams.size === 0) this.byUser.delete(stream.userId);
    const ofSession = stream.sessionKey ? this.bySession.get(stream.sessionKey) : undefined;
    if (ofSession?.delete(stream) && ofSession.size === 0) this.bySession.delete(stream.sessionKey!);
    if (this.count === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private tick() {
    const now = this.options.now?.() ?? Date.now();
    const slice = this.slices[this.nextSlice]!;
    this.nextSlice = (this.nextSlice + 1) % HEARTBEAT_SLICES;
    for (const stream of [...slice]) {
      if (now >= stream.closesAt) stream.close(spreadReconnectMs());
      else stream.heartbeat();
    }
  }
}
