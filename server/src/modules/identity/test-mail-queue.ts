import type { AppContext } from '../../context';
import { runNextJob } from '../../jobs/job-worker';
import { JOB_HANDLERS } from '../register-jobs';
import { RESET_LINK_JOB, SEND_MAIL_JOB } from './mail-queue';
import { DEVICE_LINK_JOB } from './new-device/new-device';

/**
 * For tests: does what the instance's job worker does with the identity module's queued mail
 * (reset links, lock notices, new-device links), now, one job after another; answers how many jobs ran.
 */
export async function sendQueuedMail(ctx: AppContext): Promise<number> {
  const handlers = {
    [SEND_MAIL_JOB]: JOB_HANDLERS[SEND_MAIL_JOB]!,
    [RESET_LINK_JOB]: JOB_HANDLERS[RESET_LINK_JOB]!,
    [DEVICE_LINK_JOB]: JOB_HANDLERS[DEVICE_LINK_JOB]!,
  };
  let ran = 0;
  for (;;) {
    const job = await runNextJob(ctx, { handlers, recurring: [] });
    if (!job) return ran;
    if (job.failed) throw job.error instanceof Error ? job.error : new Error(String(job.error));
    ran += 1;
  }
}
