import type { AppContext } from '../../context';
import { enqueue } from '../../jobs/job-queue';
import type { Mailer, MailMessage } from './mailer';

/*
 * Mail that a request must not wait for goes through the job queue (decision 003): the request
 * writes a row and answers, a worker sends it. A request whose answer must not reveal anything
 * (a reset request for an address with or without an account, a failed sign-in) then does the
 * same work whatever happens, and a slow or failing mail server neither slows nor breaks it.
 */

/** A finished message to send (no secret in it: job rows are kept). */
export const SEND_MAIL_JOB = 'identity.send-mail';
/** A reset link to mail when the address has an account (account/password-reset.ts sendResetLink). */
export const RESET_LINK_JOB = 'identity.send-reset-link';
/** Mail first, before the queue's background work (default priority 100). */
export const MAIL_JOB_PRIORITY = 10;

const mailers = new WeakMap<AppContext, Mailer>();

/** The mailer the identity module's jobs send with on this instance (set once, at start-up). */
export function setJobMailer(ctx: AppContext, mailer: Mailer) {
  mailers.set(ctx, mailer);
}

/** The instance's mailer; a job run before the identity module registered it fails and is retried. */
export function jobMailer(ctx: AppContext): Mailer {
  const mailer = mailers.get(ctx);
  if (!mailer) throw new Error('the identity module has not registered its mailer on this instance');
  return mailer;
}

/** Queues a finished message; a worker sends it (sendQueuedMail). */
export async function queueMail(ctx: AppContext, message: MailMessage): Promise<void> {
  await enqueue(ctx.db, SEND_MAIL_JOB, { ...message }, { priority: MAIL_JOB_PRIORITY });
}

/** The job of SEND_MAIL_JOB. */
export async function sendQueuedMail(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const text = (key: keyof MailMessage) => (typeof payload[key] === 'string' ? payload[key] : '');
  await jobMailer(ctx).send({ to: text('to'), subject: text('subject'), text: text('text'), html: text('html') });
}
