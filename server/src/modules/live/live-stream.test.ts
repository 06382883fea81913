import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, MAX_BUFFERED_BYTES, MAX_STREAMS_PER_USER } from './live-config';
import type { LiveEventRow } from './live-events.repository';
import { HEARTBEAT_SLICES, LiveHub } from './live-hub';
import { LiveStream } from './live-stream';

class FakeSink {
  chunks: string[] = [];
  ended = false;
  writableLength = 0;
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.ended = true;
  }
  get text() {
    return this.chunks.join('');
  }
  /** The ids of the events written, in order. */
  get ids() {
    return [...this.text.matchAll(/^id: (\d+)\nevent: (?!ready)/gm)].map((m) => Number(m[1]));
  }
}

const row = (id: number, userId = 'u1'): LiveEventRow => ({
  id,
  userId,
  kind: 'unread.changed',
  payload: { messages: id },
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

const newStream = (sink: FakeSink, userId = 'u1', closesAt = Number.MAX_SAFE_INTEGER) => new LiveStream(userId, sink, { cursor: 0, closesAt });

describe('a live stream', () => {
  it('holds events arriving during catch-up and sends everything once, in id order', () => {
    const sink = new FakeSink();
    const stream = newStream(sink);
    stream.push(row(2));
    stream.push(row(4));
    stream.replay([row(1), row(2), row(3)]);
    stream.push(row(3));
    expect(sink.ids).toEqual([1, 2, 3]);
    stream.goLive();
    expect(sink.ids).toEqual([1, 2, 3, 4]);
    expect(sink.text).toMatch(/id: 4\nevent: ready\n/);
    stream.push(row(4));
    stream.push(row(5));
    expect(sink.ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('formats each event with its id, kind and JSON data', () => {
    const sink = new FakeSink();
    const stream = newStream(sink);
    stream.goLive();
    stream.push(row(7));
    expect(sink.chunks.at(-1)).toBe(
      'id: 7\nevent: unread.changed\ndata: {"id":7,"kind":"unread.changed","payload":{"messages":7},"createdAt":"2026-01-01T00:00:00.000Z"}\n\n',
    );
  });

  it('drops a browser that stopped reading rather than buffering without end', () => {
    const sink = new FakeSink();
    const stream = newStream(sink);
    stream.goLive();
    sink.writableLength = MAX_BUFFERED_BYTES + 1;
    stream.push(row(1));
    expect(stream.isClosed).toBe(true);
    expect(sink.ended).toBe(true);
  });
});

describe('the hub', () => {
  afterEach(() => vi.useRealTimers());

  it('fans an event out to every stream of its member and no one else', () => {
    const hub = new LiveHub();
    const [a1, a2, b] = [new FakeSink(), new FakeSink(), new FakeSink()];
    const streams = [newStream(a1, 'a'), newStream(a2, 'a'), newStream(b, 'b')];
    for (const stream of streams) {
      hub.add(stream);
      stream.goLive();
    }
    hub.deliver([row(1, 'a'), row(2, 'b'), row(3, 'c')]);
    expect([a1.ids, a2.ids, b.ids]).toEqual([[1], [1], [2]]);
    hub.closeAll();
    expect(hub.size).toBe(0);
  });

  it('sends heartbeats, and retires a stream at its time with a reconnect hint', () => {
    vi.useFakeTimers();
    let now = 0;
    const hub = new LiveHub({ now: () => now });
    const [short, long] = [new FakeSink(), new FakeSink()];
    hub.add(newStream(short, 'a', HEARTBEAT_MS * 1.5));
    hub.add(newStream(long, 'a'));

    now = HEARTBEAT_MS;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(short.text).toContain(': heartbeat\n\n');
    expect(short.ended).toBe(false);

    now = HEARTBEAT_MS * 2;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(short.ended).toBe(true);
    expect(short.chunks.at(-1)).toMatch(/^retry: \d+\n\n$/);
    expect(long.text.match(/heartbeat/g)).toHaveLength(2);
    expect(hub.size).toBe(1);
  });

  it('spreads the heartbeats over the period: one each per stream, a slice of the streams at a time', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ now: () => 0 });
    const sinks = Array.from({ length: 2 * HEARTBEAT_SLICES }, () => new FakeSink());
    sinks.forEach((sink, i) => hub.add(newStream(sink, `member-${i}`)));
    const beats = () => sinks.reduce((sum, sink) => sum + (sink.text.match(/heartbeat/g)?.length ?? 0), 0);

    for (let tick = 1; tick <= HEARTBEAT_SLICES; tick++) {
      vi.advanceTimersByTime(HEARTBEAT_MS / HEARTBEAT_SLICES);
      expect(beats()).toBe(2 * tick);
    }
    expect(sinks.map((sink) => sink.text.match(/heartbeat/g)?.length)).toEqual(sinks.map(() => 1));
    hub.closeAll();
  });

  it('refuses more than the allowed streams per member', () => {
    const hub = new LiveHub();
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) hub.add(newStream(new FakeSink(), 'a'));
    expect(hub.hasRoomFor('a')).toBe(false);
    expect(hub.hasRoomFor('b')).toBe(true);
    hub.closeAll();
    expect(hub.hasRoomFor('a')).toBe(true);
  });

  it("ends one session's streams at its sign-out, and all of a member's at a suspension, leaving others streaming", () => {
    const hub = new LiveHub();
    const sinks = { laptop: new FakeSink(), laptopTab: new FakeSink(), phone: new FakeSink(), other: new FakeSink() };
    const on = (sink: FakeSink, userId: string, sessionKey: string) =>
      new LiveStream(userId, sink, { cursor: 0, closesAt: Number.MAX_SAFE_INTEGER, sessionKey });
    hub.add(on(sinks.laptop, 'a', 'laptop'));
    hub.add(on(sinks.laptopTab, 'a', 'laptop'));
    hub.add(on(sinks.phone, 'a', 'phone'));
    hub.add(on(sinks.other, 'b', 'elsewhere'));

    hub.closeWhere({ sessionKey: 'laptop' });
    expect([sinks.laptop.ended, sinks.laptopTab.ended, sinks.phone.ended, sinks.other.ended]).toEqual([true, true, false, false]);
    expect(hub.size).toBe(2);

    hub.closeWhere({ userId: 'a' });
    expect([sinks.phone.ended, sinks.other.ended]).toEqual([true, false]);
    expect(hub.size).toBe(1);
    hub.closeAll();
  });
});
