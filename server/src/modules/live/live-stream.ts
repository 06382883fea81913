import { LIVE_READY_EVENT, LIVE_RESYNC_EVENT } from '@soleswap/contracts/live';
import { MAX_BUFFERED_BYTES } from './live-config';
import type { LiveEventRow } from './live-events.repository';
import { sseComment, sseEvent, sseRetry } from './sse-format';

/** Where a stream writes: the HTTP response (or a fake in unit tests). */
export interface SseSink {
  write(chunk: string): boolean;
  end(): void;
  readonly writableLength: number;
}

/**
 * One browser's open stream. It starts out catching up: events arriving live meanwhile are held
 * and sent after the replay, and every event is sent at most once and in id order, because only
 * ids above the last one sent (the cursor) go out.
 */
export class LiveStream {
  private cursor: number;
  private isCatchingUp = true;
  private held: LiveEventRow[] = [];
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    readonly userId: string,
    private readonly sink: SseSink,
    options: { cursor: number; closesAt: number; sessionKey?: string },
  ) {
    this.cursor = options.cursor;
    this.closesAt = options.closesAt;
    this.sessionKey = options.sessionKey ?? null;
  }

  /** The signed-in session's key (close-live-streams.ts sessionKeyOf): a sign-out of that session ends the stream. */
  readonly sessionKey: string | null;

  /** When the stream is closed to make the browser sign in again (ms since epoch). */
  readonly closesAt: number;

  get lastSentId(): number {
    return this.cursor;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A fresh stream starts after everything the member already has. */
  startAfter(id: number) {
    this.cursor = Math.max(this.cursor, id);
  }

  /** Rows read from the table while catching up, oldest first. */
  replay(rows: LiveEventRow[]) {
    for (const row of rows) this.send(row);
  }

  /** Events published since the stream opened, as this process hears of them. */
  push(row: LiveEventRow) {
    if (this.closed) return;
    if (this.isCatchingUp) this.held.push(row);
    else this.send(row);
  }

  /** Ends the catch-up: sends what arrived meanwhile, then `ready` carrying the cursor. */
  goLive() {
    this.isCatchingUp = false;
    const held = this.held.splice(0).sort((a, b) => a.id - b.id);
    for (const row of held) this.send(row);
    this.write(sseEvent({ id: this.cursor, event: LIVE_READY_EVENT, data: { lastEventId: this.cursor } }));
  }

  /** Events the browser expected may have been swept: it should refetch what it shows. */
  resync() {
    this.write(sseEvent({ event: LIVE_RESYNC_EVENT, data: {} }));
  }

  heartbeat() {
    this.write(sseComment('heartbeat'));
  }

  /** Closes the stream; with `retryMs`, first tells the browser when to reconnect. */
  close(retryMs?: number) {
    if (this.closed) return;
    if (retryMs !== undefined) this.sink.write(sseRetry(retryMs));
    this.markClosed();
    this.sink.end();
  }

  /** The browser went away (the response closed under us). */
  markClosed() {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  onClose(listener: () => void) {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private send(row: LiveEventRow) {
    if (row.id <= this.cursor) return;
    this.cursor = row.id;
    const data = { id: row.id, kind: row.kind, payload: row.payload, createdAt: row.createdAt.toISOString() };
    this.write(sseEvent({ id: row.id, event: row.kind, data }));
  }

  private write(chunk: string) {
    if (this.closed) return;
    this.sink.write(chunk);
    // A browser that stopped reading must not grow our memory: drop it; it reconnects and catches up.
    if (this.sink.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}
