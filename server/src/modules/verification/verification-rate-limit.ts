import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireUser } from '../../http/auth';

/**
 * Verifications a member may start per minute. Each one reads photos and asks the market source,
 * so a script must not be able to flood the queue ahead of everyone else; a person re-verifying a
 * few pairs after edits stays far below it. Verify All counts as one, with its own smaller budget.
 */
export const VERIFICATIONS_PER_MINUTE = 20;
export const BATCH_VERIFICATIONS_PER_MINUTE = 3;

type Limiter = ReturnType<FastifyRequest['server']['createRateLimit']>;
const limiters = new WeakMap<AppContext, Record<'single' | 'batch', Limiter>>();

function limiterFor(request: FastifyRequest, kind: 'single' | 'batch'): Limiter {
  let pair = limiters.get(request.server.ctx);
  if (!pair) {
    const make = (prefix: string, max: number) =>
      request.server.createRateLimit({
        max,
        timeWindow: 60_000,
        // Only signed-in members reach this (requireUser runs first), so the key is the member.
        keyGenerator: async (req) => `${prefix}:${(await requireUser(req)).id}`,
      });
    pair = { single: make('verify', VERIFICATIONS_PER_MINUTE), batch: make('batch-verify', BATCH_VERIFICATIONS_PER_MINUTE) };
    limiters.set(request.server.ctx, pair);
  }
  return pair[kind];
}

/** Counts one verification request of the member; past the limit RATE_LIMITED (429) with Retry-After. */
export async function limitVerifications(request: FastifyRequest, reply: FastifyReply, kind: 'single' | 'batch'): Promise<void> {
  const result = await limiterFor(request, kind)(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  const max = kind === 'single' ? VERIFICATIONS_PER_MINUTE : BATCH_VERIFICATIONS_PER_MINUTE;
  throw new AppError(
    'RATE_LIMITED',
    `You can start at most ${max} ${kind === 'single' ? 'verifications' : 'batch verifications'} a minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}
