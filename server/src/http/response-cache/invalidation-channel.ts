import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { parseNamespaces, type CacheNamespace } from './generations';

/** The PostgreSQL notification channel the instances' response caches share. */
export const RESPONSE_CACHE_CHANNEL = 'response_cache';

const RETRY_MS = 5_000;

export interface InvalidationHandlers {
  /** Another instance committed writes that change these namespaces. */
  onRemote(namespaces: CacheNamespace[]): void;
  /** Notifications may have been missed (the connection dropped): nothing cached can be trusted. */
  onLost(error: unknown): void;
}

/**
 * Tells the other instances on the same PostgreSQL database which namespaces a write changed,
 * and hears theirs, over LISTEN/NOTIFY on a connection of its own (the pool must never hold a
 * LISTEN), as the live module does for its events. While it is not listening, `isListening` is
 * false and the cache serves nothing: a missed notification would otherwise leave a stale answer.
 * On PGlite one process owns the database, so there is nobody to tell and it is always listening.
 */
export class InvalidationChannel {
  /** Our own notifications come back to us too; this id lets us skip them. */
  private readonly instanceId = randomBytes(6).toString('hex');
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private retryAfter = 0;
  private stopped = false;
  private pending = new Set<CacheNamespace>();
  private flushQueued = false;
  isListening: boolean;

  constructor(
    private readonly database: Database,
    private readonly handlers: InvalidationHandlers,
    private readonly onSendError: (error: unknown) => void,
  ) {
    this.isListening = database.kind === 'pglite';
  }

  /**
   * Starts listening if it is not (again after a failure, at most every few seconds). Resolves
   * once LISTEN is active or has failed; never rejects.
   */
  ensureListening(): Promise<void> {
    if (this.isListening || this.stopped) return Promise.resolve();
    if (this.starting) return this.starting;
    if (Date.now() < this.retryAfter) return Promise.resolve();
    this.starting = this.listen()
      .catch((error: unknown) => {
        this.retryAfter = Date.now() + RETRY_MS;
        this.handlers.onLost(error);
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** Announces, after the write committed, that `namespaces` changed; announcements close together go in one NOTIFY. */
  announce(namespaces: readonly CacheNamespace[]) {
    if (this.database.kind !== 'postgres' || this.stopped || namespaces.length === 0) return;
    namespaces.forEach((ns) => this.pending.add(ns));
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      const payload = `${this.instanceId}:${[...this.pending].join(',')}`;
      this.pending.clear();
      this.database.db.execute(sql`select pg_notify(${RESPONSE_CACHE_CHANNEL}, ${payload})`).catch(this.onSendError);
    });
  }

  async stop() {
    this.stopped = true;
    this.isListening = false;
    await this.starting;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async listen() {
    const pool = (this.database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        this.isListening = false;
      }
      client.end().catch(() => undefined);
      if (!this.stopped) this.handlers.onLost(error);
    };
    client.on('notification', (message) => {
      if (message.channel !== RESPONSE_CACHE_CHANNEL) return;
      const [sender, names = ''] = (message.payload ?? '').split(':', 2);
      if (sender !== this.instanceId) this.handlers.onRemote(parseNamespaces(names));
    });
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('response cache listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${RESPONSE_CACHE_CHANNEL}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.isListening = true;
  }
}
