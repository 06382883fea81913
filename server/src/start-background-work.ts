import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { sweepExpiredSessions } from './http/session-store';
import { startJobWorker } from './jobs/job-worker';

/**
 * Start-up work and recurring jobs: demo seeding, the job queue worker, sweeps.
 * Returns a function that stops them.
 */
export async function startBackgroundWork(ctx: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setInterval(() => {
      sweepExpiredSessions(ctx.db).catch((error) => log.error({ err: error }, 'session sweep failed'));
    }, 60 * 60 * 1000),
  );
  timers.push(startJobWorker(ctx, log));
  return () => timers.forEach(clearInterval);
}
