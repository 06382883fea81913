import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { EMBEDDED_STATISTICS_EVERY_MS, refreshEmbeddedStatistics } from './db/embedded-statistics';
import { sweepExpiredRateLimitHits } from './http/rate-limit-store';
import { sweepExpiredSessions } from './http/session-store';
import { startJobWorker } from './jobs/job-worker';
import { seedStartupContent } from './modules/demo/seed-demo';
import { MODULE_JOBS } from './modules/register-jobs';
import { seedDemoTrades } from './modules/trades/seed-demo-trades';
import { sweepExpiredOidcRows } from './modules/identity/oidc-adapter';

/**
 * Start-up work and recurring jobs: demo seeding, the job queue worker, sweeps.
 * Returns a function that stops them, waiting up to `graceMs` for a running job (see JobWorker.stop).
 */
export async function startBackgroundWork(ctx: AppContext, log: FastifyBaseLogger): Promise<(graceMs: number) => Promise<void>> {
  // The catalogue when empty, and demo members on a first start unless SEED_DEMO=0.
  await seedStartupContent(ctx, log, { seedDemoTrades });
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setInterval(
      () => {
        sweepExpiredSessions(ctx.db).catch((error) => log.error({ err: error }, 'session sweep failed'));
        sweepExpiredRateLimitHits(ctx.db).catch((error) => log.error({ err: error }, 'rate-limit sweep failed'));
        sweepExpiredOidcRows(ctx.db).catch((error) => log.error({ err: error }, 'identity provider sweep failed'));
      },
      60 * 60 * 1000,
    ),
  );
  if (ctx.database.kind === 'pglite') {
    // No autovacuum on PGlite: its statistics are refreshed here, once now (after a seed, or data
    // added while the server was stopped) and every few minutes.
    const refresh = () => {
      refreshEmbeddedStatistics(ctx.db).catch((error) => log.error({ err: error }, 'refreshing the embedded statistics failed'));
    };
    refresh();
    timers.push(setInterval(refresh, EMBEDDED_STATISTICS_EVERY_MS));
  }
  const worker = startJobWorker(ctx, log, MODULE_JOBS);
  return async (graceMs) => {
    timers.forEach(clearInterval);
    await worker.stop(graceMs);
  };
}
