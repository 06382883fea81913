import type { FastifyReply, FastifyRequest } from 'fastify';
import { isImageDataUrl } from '@soleswap/contracts/uploads';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { optionalUser } from '../../http/auth';

/**
 * How many images one member may send for decoding per minute, across every route that takes one
 * (uploads, and sneakers created or edited with a data URL). Listing a pair means choosing one
 * photo, so ten a minute is more than a person adding their locker needs, while a script gets
 * stopped long before it can keep the image queue busy for everyone else.
 */
export const IMAGE_DECODES_PER_MINUTE = 10;

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;

/** One shared budget per app, so a member cannot multiply it by switching routes. */
const limiters = new WeakMap<AppContext, Limiter>();

function limiterFor(request: FastifyRequest): Limiter {
  let limiter = limiters.get(request.server.ctx);
  if (!limiter) {
    limiter = request.server.createRateLimit({
      max: IMAGE_DECODES_PER_MINUTE,
      timeWindow: 60_000,
      // Per member (these routes need one); the address only for a caller the route will refuse anyway.
      keyGenerator: async (req) => {
        const user = await optionalUser(req);
        return user ? `image-decode:member:${user.id}` : `image-decode:ip:${req.ip}`;
      },
    });
    limiters.set(request.server.ctx, limiter);
  }
  return limiter;
}

/**
 * Counts one image decode for the caller. Past the limit: RATE_LIMITED (429) with Retry-After,
 * before any of the image is read.
 */
export async function limitImageDecoding(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await limiterFor(request)(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  throw new AppError(
    'RATE_LIMITED',
    `You can send at most ${IMAGE_DECODES_PER_MINUTE} images a minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

/**
 * For routes that take an `imageUrl`: only a data URL is decoded here and counts; a stored upload
 * URL or catalogue artwork was already processed (or is ours) and costs nothing new.
 */
export async function limitDataUrlDecoding(request: FastifyRequest, reply: FastifyReply, imageUrl: string | null | undefined): Promise<void> {
  if (imageUrl && isImageDataUrl(imageUrl)) await limitImageDecoding(request, reply);
}
