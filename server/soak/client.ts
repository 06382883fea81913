import { randomUUID } from 'node:crypto';
import { sleep } from './processes';

/** One answered keyed request: what the member was told happened. */
export interface Acknowledged {
  userId: string;
  key: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** How many attempts it took (more than one: a retry after the proxy or the instance failed). */
  attempts: number;
}

export interface Counters {
  requests: number;
  acknowledged: number;
  refused: number;
  retries: number;
  /** Requests given up after every retry failed. */
  unanswered: number;
  byStatus: Record<string, number>;
  /** The first refusal of each status, to tell expected ones (a sneaker taken meanwhile) from bugs. */
  examples: Record<string, string>;
  /** Reads and writes finally answered with a 5xx (not one the proxy gave while an instance restarted, which is retried). */
  serverErrors: Array<{ method: string; path: string; status: number; body: string }>;
}

export function newCounters(): Counters {
  return { requests: 0, acknowledged: 0, refused: 0, retries: 0, unanswered: 0, byStatus: {}, examples: {}, serverErrors: [] };
}

const RETRYABLE = new Set([502, 503, 504]);

/** A simulated member: a session cookie, every state-changing call keyed, retried with the same key. */
export class Member {
  constructor(
    readonly id: string,
    readonly cookie: string,
    readonly base: string,
    readonly origin: string,
    private readonly acked: Acknowledged[],
    private readonly counters: Counters,
  ) {}

  /** PUT of a setting that is the same however often it is sent (no key): the status, 0 when never answered. */
  async put(path: string, body: unknown): Promise<number> {
    const headers = { cookie: this.cookie, origin: this.origin, 'content-type': 'application/json' };
    const res = await fetch(`${this.base}${path}`, { method: 'PUT', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) }).catch(
      () => null,
    );
    return res?.status ?? 0;
  }

  async get<T>(path: string): Promise<T | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const res = await fetch(`${this.base}${path}`, { headers: { cookie: this.cookie }, signal: AbortSignal.timeout(15_000) });
        if (res.ok) return (await res.json()) as T;
        if (!RETRYABLE.has(res.status)) {
          if (res.status >= 500) this.counters.serverErrors.push({ method: 'GET', path, status: res.status, body: (await res.text()).slice(0, 200) });
          return null;
        }
      } catch {
        // connection reset while an instance died: try again
      }
      await sleep(200 * (attempt + 1));
    }
    return null;
  }

  /**
   * POST with an Idempotency-Key. Network errors, 502/503/504 and "still in progress" (409 with
   * the key's CONFLICT) are retried with the SAME key for up to `patienceMs`; any other answer
   * is final. Returns the final status and body (null when never answered). `key` sends a key of
   * the caller's (a form that resends its key); by default each call has its own.
   */
  async post(path: string, body?: unknown, patienceMs = 20_000, key: string = randomUUID()): Promise<{ status: number; body: unknown } | null> {
    const started = Date.now();
    let attempts = 0;
    this.counters.requests++;
    for (;;) {
      attempts++;
      let status = 0;
      let parsed: unknown = null;
      try {
        const headers: Record<string, string> = { cookie: this.cookie, origin: this.origin, 'idempotency-key': key };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${this.base}${path}`, {
          method: 'POST',
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        const text = await res.text();
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
      } catch {
        status = 0;
      }
      const inProgress =
        status === 409 &&
        (parsed as { code?: string } | null)?.code === 'CONFLICT' &&
        /Idempotency-Key/.test(String((parsed as { message?: string }).message));
      if (status !== 0 && !RETRYABLE.has(status) && !inProgress) {
        this.counters.byStatus[status] = (this.counters.byStatus[status] ?? 0) + 1;
        if (status >= 200 && status < 300) {
          this.counters.acknowledged++;
          this.acked.push({ userId: this.id, key, method: 'POST', path, status, body: parsed, attempts });
        } else {
          this.counters.refused++;
          if (status >= 500) this.counters.serverErrors.push({ method: 'POST', path, status, body: JSON.stringify(parsed).slice(0, 200) });
          const message = (parsed as { code?: string; message?: string } | null) ?? {};
          this.counters.examples[status] ??= `${path}: ${message.code ?? ''} ${message.message ?? String(parsed)}`.slice(0, 200);
        }
        return { status, body: parsed };
      }
      if (Date.now() - started > patienceMs) {
        this.counters.unanswered++;
        return null;
      }
      this.counters.retries++;
      // Quick at first (a proxy passing on), then once a second while an instance restarts.
      await sleep(Math.min(1000, 100 * attempts) + Math.random() * 250);
    }
  }
}

/** What one member's live stream saw. */
export interface StreamRecord {
  userId: string;
  /** The cursor of the first connection's `ready`: events after it must all arrive. */
  startCursor: number | null;
  /** Every event id received, in order (duplicates kept, to be counted). */
  ids: number[];
  /** message.created events: message id per event. */
  messageIds: number[];
  connects: number;
  lastId: number | null;
  resyncs: number;
}

/**
 * Keeps a member's GET /api/events open until `stop` aborts it, reconnecting with Last-Event-ID
 * (as a browser's EventSource does) whenever the stream drops.
 */
export async function followStream(base: string, cookie: string, record: StreamRecord, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    try {
      const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
      if (record.lastId !== null) headers['last-event-id'] = String(record.lastId);
      const res = await fetch(`${base}/api/events`, { headers, signal: stop });
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        await sleep(300);
        continue;
      }
      record.connects++;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          handleBlock(block, record);
        }
      }
    } catch {
      // dropped (instance killed) or stopped
    }
    if (!stop.aborted) await sleep(200 + Math.random() * 300);
  }
}

function handleBlock(block: string, record: StreamRecord) {
  let id: number | null = null;
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (event === 'ready') {
    if (record.startCursor === null) record.startCursor = id ?? 0;
    if (id !== null) record.lastId = Math.max(record.lastId ?? 0, id);
    return;
  }
  if (event === 'resync') {
    record.resyncs++;
    return;
  }
  if (id === null) return;
  record.ids.push(id);
  record.lastId = id;
  if (event === 'message.created') {
    try {
      const parsed = JSON.parse(data) as { payload?: { messageId?: number } };
      if (parsed.payload?.messageId) record.messageIds.push(parsed.payload.messageId);
    } catch {
      // not JSON: counted by id anyway
    }
  }
}
