import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { optionalUser } from '../../http/auth';
import { countRateLimitHit } from '../../http/rate-limit-store';

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;

const WINDOW_MS = 60_000;
/** The counter's key: one budget per member, shared by trade chats and conversations, so switching threads does not multiply it. */
const keyOf = (userId: string) => `chat-send:member:${userId}`;

/** The plugin's limiter (counters in Redis), one per app. */
const limiters = new WeakMap<AppContext, Limiter>();

function limiterFor(request: FastifyRequest): Limiter {
  let limiter = limiters.get(request.server.ctx);
  if (!limiter) {
    limiter = request.server.createRateLimit({
      max: MESSAGES_PER_MINUTE,
      timeWindow: WINDOW_MS,
      // Only called after requireUser, so the member is known (and cached on the request).
      keyGenerator: async (req) => keyOf((await optionalUser(req))?.id ?? req.ip),
    });
    limiters.set(request.server.ctx, limiter);
  }
  return limiter;
}

/** The refusal past the limit, `seconds` being Retry-After's. */
function rateLimited(seconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

function refuse(reply: FastifyReply, ttlInSeconds: number): never {
  const seconds = Math.max(1, ttlInSeconds);
  reply.header('retry-after', String(seconds));
  throw rateLimited(seconds);
}

/** The same budget for posts sent in batches (IdempotentBatches' limit), counted in the batch's transaction. */
export const MESSAGE_SENDING_LIMIT = { max: MESSAGES_PER_MINUTE, windowMs: WINDOW_MS, refusal: rateLimited };

/**
 * The counter a post sent in a batch is counted on, in the batch's transaction; with Redis, the
 * plugin counts it here instead (refusing past the limit), and the answer is null.
 */
export async function batchedMessageCounter(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<string | null> {
  if (!request.server.ctx.env.REDIS_URL) return keyOf(userId);
  await messageSendingCounter(request, reply, userId)(request.server.ctx.db);
  return null;
}

/**
 * Counts one message for the signed-in sender. A person chatting sends a few a minute; past the
 * limit (a script flooding a partner) the answer is RATE_LIMITED (429) with Retry-After. Every
 * instance counts against one budget.
 *
 * Returns the count as a step to run on a database handle: with the counters in the database (no
 * REDIS_URL), the route runs it first in the post's own transaction (idempotent's countFirst), so a
 * post commits once instead of twice, and a refusal (this one included) leaves no count behind.
 * With Redis, the plugin counts there, whatever the handle.
 */
export function messageSendingCounter(request: FastifyRequest, reply: FastifyReply, userId: string): (db: Db) => Promise<void> {
  if (request.server.ctx.env.REDIS_URL) {
    return async () => {
      const result = await limiterFor(request)(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
    };
  }
  return async (db) => {
    const hit = await countRateLimitHit(db, keyOf(userId), WINDOW_MS);
    if (hit.current > MESSAGES_PER_MINUTE) refuse(reply, Math.ceil(hit.ttl / 1000));
  };
}
