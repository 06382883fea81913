import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Test-only: reads a live stream over real HTTP (app.inject cannot stream). */

export interface SseMessage {
  id?: string;
  event: string;
  /** The parsed live event (none when the block had no data line); the payload's fields depend on `kind`. */
  data: { id: number; kind: string; payload: Record<string, unknown> } | undefined;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The retry hints seen so far. */
  retries: number[];
  /** Every event received so far, in order. */
  messages: SseMessage[];
  /** Resolves with the first event (from the start of the stream) matching, waiting for it if needed. */
  waitFor(match: (message: SseMessage) => boolean): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Starts the app on a free port (once) and returns its base URL. */
export async function listenOnce(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function openSse(
  baseUrl: string,
  { cookie, lastEventId, query = '' }: { cookie?: string; lastEventId?: number | string; query?: string } = {},
): Promise<SseConnection> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const waiters: Array<{ match: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void; reject: (e: unknown) => void }> = [];
  let failure: unknown = null;

  const settle = () => {
    for (const waiter of [...waiters]) {
      const found = messages.find(waiter.match);
      if (found) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      } else if (failure) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.reject(failure);
      }
    }
  };

  const onBlock = (block: string) => {
    const message: SseMessage = { event: 'message', data: undefined };
    let hasField = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'retry') retries.push(Number(value));
      if (field === 'id') message.id = value;
      if (field === 'event') message.event = value;
      if (field === 'data') message.data = JSON.parse(value);
      if (field === 'event' || field === 'data') hasField = true;
    }
    if (hasField) messages.push(message);
  };

  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        settle();
      }
      failure = new Error('stream ended');
    } catch (error) {
      failure = error;
    }
    settle();
  })();

  return {
    status: res.status,
    headers: res.headers,
    retries,
    messages,
    ended,
    waitFor(match) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => waiters.push({ match, resolve, reject }));
    },
    close: () => controller.abort(),
  };
}

/** The stream's own events (trade.changed, ...), without the control events. */
export function domainEvents(connection: SseConnection): SseMessage[] {
  return connection.messages.filter((m) => m.event !== 'ready' && m.event !== 'resync');
}
