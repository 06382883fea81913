import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LAST_EVENT_ID_PARAM } from '@soleswap/contracts/live';
import { AppError } from '../../errors';
import { requireUser } from '../../http/auth';
import { RECONNECT_MS } from './live-config';
import { sessionKeyOf } from './close-live-streams';
import { LiveFanout } from './live-fanout';
import { LiveHub } from './live-hub';
import type { LiveStream } from './live-stream';
import { openLiveStream } from './open-live-stream';
import { sseRetry } from './sse-format';
import { StreamLeases } from './stream-leases';

const EVENT_ID = /^\d{1,15}$/;

/**
 * Where to resume: the Last-Event-ID header a browser sends when it reconnects by itself wins
 * over the query parameter a client puts in the URL when it opens a new stream (on an automatic
 * reconnect the URL still carries the older value).
 */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.[LAST_EVENT_ID_PARAM];
  const raw = (typeof header === 'string' && header !== '' ? header : typeof query === 'string' && query !== '' ? query : null)?.trim();
  if (raw == null) return null;
  if (!EVENT_ID.test(raw)) {
    const message = 'The last event id must be a whole number';
    throw new AppError('VALIDATION_FAILED', message, { fields: { [LAST_EVENT_ID_PARAM]: message } });
  }
  return Number(raw);
}

/** Whether the request's session still exists and still names this (unsuspended) member. */
function isStillSignedIn(request: FastifyRequest, userId: string): Promise<boolean> {
  return new Promise((resolve) => {
    request.sessionStore.get(request.session.sessionId, (error, session) => {
      const member = (session as { member?: { userId: string; user: unknown } } | null | undefined)?.member;
      resolve(!error && member?.userId === userId && member.user != null);
    });
  });
}

/** GET /api/events: a signed-in member's live stream (Server-Sent Events). */
export async function liveRoutes(app: FastifyInstance) {
  const hub = new LiveHub();
  const fanout = new LiveFanout(app.ctx, hub, app.log);
  const leases = new StreamLeases(app.ctx.db, app.log);
  // Open streams would keep the server from closing: end them first, with a hint to come back.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await fanout.stop();
    await leases.stop();
  });

  const doc = {
    summary: "Live stream of the member's events (text/event-stream); resumes after Last-Event-ID",
  };
  app.get('/api/events', { config: { openapi: doc } }, async (request, reply) => {
    const user = await requireUser(request);
    const lastEventId = lastEventIdOf(request);
    const tooMany = () => new AppError('RATE_LIMITED', 'Too many live streams are open for this account');
    // This instance's own streams answer the common refusal without a statement; the lease counts every instance.
    if (!hub.hasRoomFor(user.id)) throw tooMany();
    const lease = await leases.acquire(user.id);
    if (lease === null) throw tooMany();
    let isReleased = false;
    const release = () => {
      if (!isReleased) leases.release(lease);
      isReleased = true;
    };
    try {
      await fanout.ensureListening();
    } catch (error) {
      release();
      throw error;
    }

    reply.hijack();
    const res = reply.raw;
    // Headers set earlier by hooks (helmet's security headers) still go out with the stream.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream and deliver events late, in bursts.
      'x-accel-buffering': 'no',
    });
    res.write(sseRetry(RECONNECT_MS));
    const sink = {
      write: (chunk: string) => res.write(chunk),
      end: () => res.end(),
      get writableLength() {
        return res.writableLength;
      },
    };
    let stream: LiveStream | undefined;
    let isGone = false;
    res.on('close', () => {
      isGone = true;
      stream?.markClosed();
      release();
    });
    // A sign-out of this session ends the stream on whichever instance holds it (close-live-streams.ts).
    const sessionKey = sessionKeyOf(request.session.sessionId);
    try {
      stream = await openLiveStream(app.ctx, { hub, userId: user.id, lastEventId, sink, sessionKey });
      if (isGone) stream.markClosed();
      // A sign-out or suspension whose close order went out before the stream joined the hub
      // found nothing to close; its session is gone by then, which this second look sees.
      else if (!(await isStillSignedIn(request, user.id))) stream.close();
    } catch (error) {
      request.log.error({ err: error }, 'opening a live stream failed');
      if (!res.writableEnded) res.end();
    }
  });
}
