import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { optionalUser } from '../../http/auth';

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;

/** One budget per app and member, shared by trade chats and conversations, so switching threads does not multiply it. */
const limiters = new WeakMap<AppContext, Limiter>();

function limiterFor(request: FastifyRequest): Limiter {
  let limiter = limiters.get(request.server.ctx);
  if (!limiter) {
    limiter = request.server.createRateLimit({
      max: MESSAGES_PER_MINUTE,
      timeWindow: 60_000,
      // Only called after requireUser, so the member is known (and cached on the request).
      keyGenerator: async (req) => `chat-send:member:${(await optionalUser(req))?.id ?? req.ip}`,
    });
    limiters.set(request.server.ctx, limiter);
  }
  return limiter;
}

/**
 * Counts one message for the signed-in sender. A person chatting sends a few a minute; past the
 * limit (a script flooding a partner) the answer is RATE_LIMITED (429) with Retry-After.
 */
export async function limitMessageSending(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await limiterFor(request)(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  throw new AppError(
    'RATE_LIMITED',
    `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}
