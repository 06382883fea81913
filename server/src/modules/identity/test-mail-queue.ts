import type { AppContext } from '../../context';
import { runNextJob } from '../../jobs/job-worker';
import { IDENTITY_JOB_HANDLERS } from './identity-jobs';

/**
 * For tests: does what the instance's job worker does with the identity module's queued mail
 * (reset links, lock notices, new-device links), now, one job after another; answers how many jobs ran.
 */
export async function sendQueuedMail(ctx: AppContext): Promise<number> {
  const handlers = IDENTITY_JOB_HANDLERS;
  let ran = 0;
  for (;;) {
    const job = await runNextJob(ctx, { handlers, recurring: [] });
    if (!job) return ran;
    if (job.failed) throw job.error instanceof Error ? job.error : new Error(String(job.error));
    ran += 1;
  }
}
