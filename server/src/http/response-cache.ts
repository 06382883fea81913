import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { CATALOG_SUGGESTION_HEADER } from '@soleswap/contracts/catalog';
import { optionalUser } from './auth';
import { pickEncoding } from './compression';
import { byteLru, entryBytes } from './response-cache/byte-lru';
import {
  CACHED_MEMBER_READS,
  CACHED_READS,
  cacheKey,
  namespacesChangedBy,
  namespacesChangedByJob,
  type CachedMemberRead,
  type CachedRead,
} from './response-cache/cache-policy';
import { CACHE_NAMESPACES, Generations, type CacheNamespace } from './response-cache/generations';
import { InvalidationChannel } from './response-cache/invalidation-channel';

/** Response header telling whether the answer came from the cache ('hit') or was read ('miss'). */
export const CACHE_STATUS_HEADER = 'x-cache';

/** Headers a cached answer keeps, besides its content type. */
const KEPT_HEADERS = [NEXT_CURSOR_HEADER.toLowerCase(), CATALOG_SUGGESTION_HEADER.toLowerCase()];

interface PendingStore {
  key: string;
  read: CachedRead | CachedMemberRead;
  /** The member a member's own read is kept for (the key holds their id); absent for a public read. */
  memberId?: string;
  stamp: string;
  /** The handler's answer before serialization, in case a later hook turned the payload into a stream. */
  value?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    responseCacheStore?: PendingStore;
  }
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Whether an answer may be kept under the key it was marked with: a public read that depends on
 * the viewer only when a visitor read it, a member's own read only for that member.
 */
function mayKeep(request: FastifyRequest, pending: PendingStore): boolean {
  const viewerId = request.session?.get?.('userId');
  if (pending.memberId !== undefined) return viewerId === pending.memberId;
  return !('dependsOnViewer' in pending.read && pending.read.dependsOnViewer && viewerId);
}

/**
 * Answers the public reads of cache-policy.ts (visitors' browse and search, the library) from
 * memory, before any session, user or database work: a hit costs a map lookup (see
 * docs/api.md#cached-public-reads). A member's own cached reads (their trade list) are answered
 * once the session has named the member, under a key holding their id. Entries are
 * bounded by RESPONSE_CACHE_MB (least recently used go first) and served at most
 * RESPONSE_CACHE_TTL_SECONDS; what keeps them right is invalidation: every successful write
 * request, the domain events of sneakers, trades and loops, and finished jobs bump the
 * generations of the namespaces they change, on this instance at once and on the others through
 * a PostgreSQL notification. Registered after the session plugin, which reads no store for a
 * request without a session cookie.
 */
export function registerResponseCache(app: FastifyInstance) {
  const { env, database, events } = app.ctx;
  if (env.RESPONSE_CACHE_MB <= 0) return;
  const ttlMs = env.RESPONSE_CACHE_TTL_SECONDS * 1000;
  const entries = byteLru(Math.floor(env.RESPONSE_CACHE_MB * 1024 * 1024));
  const generations = new Generations();
  const forgetEverything = () => {
    generations.bump(CACHE_NAMESPACES);
    entries.clear();
  };
  const channel = new InvalidationChannel(
    database,
    {
      onRemote: (namespaces) => generations.bump(namespaces),
      onLost: (error) => {
        app.log.warn({ err: error }, 'response cache lost its notification connection; serving uncached until it is back');
        forgetEverything();
      },
    },
    (error) => app.log.error({ err: error }, 'response cache could not notify the other instances'),
  );
  const invalidate = (namespaces: readonly CacheNamespace[]) => {
    if (namespaces.length === 0) return;
    generations.bump(namespaces);
    channel.announce(namespaces);
  };

  events.on('sneaker.created', () => invalidate(['sneakers']));
  events.on('sneaker.updated', () => invalidate(['sneakers']));
  events.on('trade.changed', () => invalidate(CACHE_NAMESPACES));
  events.on('loop.changed', () => invalidate(CACHE_NAMESPACES));
  events.on('job.finished', ({ kind }) => invalidate(namespacesChangedByJob(kind)));

  /** Serves the request from the cache (true), or marks it to be stored once answered. */
  const serveOrMark = (request: FastifyRequest, reply: FastifyReply, read: CachedRead | CachedMemberRead, memberId?: string): boolean => {
    if (!channel.isListening) return false;
    const readKey = cacheKey(request.url, read, request.query);
    // A query the handler will refuse: its 400 is neither served from nor kept in the cache.
    if (readKey === undefined) return false;
    const key = memberId === undefined ? readKey : `${memberId} ${readKey}`;
    const stamp = generations.stamp(read.namespaces);
    const entry = entries.get(key);
    if (entry && entry.stamp === stamp && entry.expiresAt > Date.now()) {
      reply.header('content-type', entry.contentType).header(CACHE_STATUS_HEADER, 'hit');
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      if (entry.encoded && pickEncoding(request.headers['accept-encoding']) === entry.encoded.encoding) {
        // Already compressed the way this client accepts: the compression hook leaves it alone.
        reply.header('content-encoding', entry.encoded.encoding).header('vary', 'accept-encoding');
        reply.send(entry.encoded.bytes);
      } else {
        reply.send(entry.body);
      }
      return true;
    }
    if (entry) entries.delete(key);
    request.responseCacheStore = { key, read, stamp, ...(memberId === undefined ? {} : { memberId }) };
    return false;
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const read = CACHED_READS[request.routeOptions.url ?? ''];
    // A member may see another answer (their own sneakers left out, blocks): theirs is read afresh.
    if (!read || (read.dependsOnViewer && request.session?.get?.('userId'))) return done();
    if (channel.isListening) {
      if (!serveOrMark(request, reply, read)) done();
      return;
    }
    // Never rejects: when LISTEN cannot be made, onLost logs it and the read goes on uncached.
    void channel.ensureListening().then(() => {
      if (!serveOrMark(request, reply, read)) done();
    });
  });

  // A member's own read: after the session has named the member (a signed-out or suspended
  // request goes on to the handler's 401), so an answer is only ever served to whom it was read for.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET') return;
    const read = CACHED_MEMBER_READS[request.routeOptions.url ?? ''];
    if (!read) return;
    const member = await optionalUser(request);
    if (!member) return;
    // Never rejects: when LISTEN cannot be made, onLost logs it and serveOrMark reads afresh, uncached.
    if (!channel.isListening) await channel.ensureListening();
    if (serveOrMark(request, reply, read, member.id)) return reply;
  });

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (request.responseCacheStore) request.responseCacheStore.value = payload;
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.responseCacheStore;
    if (pending) {
      reply.header(CACHE_STATUS_HEADER, 'miss');
      store(request, reply, pending, payload);
    } else if (!isRead(request.method) && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      // The handler has returned, so its transaction is committed; a 5xx may have committed part of its work.
      invalidate(namespacesChangedBy(request.routeOptions.url));
    }
    done(null, payload);
  });

  const store = (request: FastifyRequest, reply: FastifyReply, pending: PendingStore, payload: unknown) => {
    if (reply.statusCode !== 200 || !channel.isListening) return;
    // Written meanwhile: what was read may predate the write, so it is not kept.
    if (generations.stamp(pending.read.namespaces) !== pending.stamp) return;
    if (!mayKeep(request, pending)) return;
    const body = typeof payload === 'string' ? payload : pending.value !== undefined ? JSON.stringify(pending.value) : undefined;
    const contentType = reply.getHeader('content-type');
    if (body === undefined || typeof contentType !== 'string') return;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    // Compression (an earlier onSend hook) may have encoded the payload: keep that copy too.
    const encoding = reply.getHeader('content-encoding');
    const encoded =
      (encoding === 'br' || encoding === 'gzip') && Buffer.isBuffer(payload) ? { encoding: encoding as 'br' | 'gzip', bytes: payload } : undefined;
    entries.set(pending.key, {
      body,
      contentType,
      headers,
      ...(encoded ? { encoded } : {}),
      stamp: pending.stamp,
      expiresAt: Date.now() + ttlMs,
      bytes: entryBytes(pending.key, body, headers) + (encoded?.bytes.length ?? 0),
    });
  };

  app.addHook('onClose', () => channel.stop());
}
