import type { JobHandler } from '../../jobs/job-worker';
import { sendResetLink } from './account/password-reset';
import { RESET_LINK_JOB, SEND_MAIL_JOB, sendQueuedMail } from './mail-queue';
import { DEVICE_LINK_JOB, sendDeviceLink } from './new-device/new-device';

/**
 * The identity module's queued mail (reset links, lock notices, new-device links), each job kind
 * with the function that sends it: the worker's registry (register-jobs.ts) and the tests'
 * sendQueuedMail (test-mail-queue.ts) both read it here.
 */
export const IDENTITY_JOB_HANDLERS: Record<string, JobHandler> = {
  [SEND_MAIL_JOB]: (ctx, payload) => sendQueuedMail(ctx, payload),
  [RESET_LINK_JOB]: (ctx, payload) => sendResetLink(ctx, payload),
  [DEVICE_LINK_JOB]: (ctx, payload) => sendDeviceLink(ctx, payload),
};
