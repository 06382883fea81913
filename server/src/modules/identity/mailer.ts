import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../env';
import { DEV_MAILBOX_PATH, type DevMailbox } from './dev-mailbox';
import type { MailMessage } from './mail-message';

export type { MailMessage };

/** Sends the embedded provider's mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail goes out through SMTP_URL when it is set. Without it, in development the message is printed
 * as plain text on the server's output (not inside a JSON log line, where its link would be
 * escaped), so whoever runs the server can still open the link; in production the log only says
 * that a message was not sent: its link is a token, and tokens never go to the log. Outside
 * production every message, whatever sends it, is also kept in `mailbox` (served at
 * /api/dev/mailbox, see dev-mailbox.ts).
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'SMTP_FROM' | 'NODE_ENV' | 'APP_ORIGIN'>,
  log: FastifyBaseLogger,
  { mailbox = null, now = () => new Date() }: { mailbox?: DevMailbox | null; now?: () => Date } = {},
): Mailer {
  const deliver = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.SMTP_FROM) : unsentMailer(env, log);
  if (!mailbox) return deliver;
  return {
    async send(message) {
      mailbox.add(message, now());
      await deliver.send(message);
    },
  };
}

function unsentMailer(env: Pick<Env, 'NODE_ENV' | 'APP_ORIGIN'>, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      if (env.NODE_ENV === 'production') {
        log.warn(`SMTP_URL is not set, so an e-mail was not sent: ${message.subject}`);
        return;
      }
      log.info(`SMTP_URL is not set, so an e-mail to ${message.to} was not sent; read it at ${env.APP_ORIGIN}${DEV_MAILBOX_PATH}`);
      // Tests keep their output quiet; they read the mailbox instead.
      if (env.NODE_ENV === 'development') process.stdout.write(readableMail(message));
    },
  };
}

/** The message framed as plain text, links on lines of their own, for a terminal. */
export function readableMail(message: MailMessage): string {
  const rule = '-'.repeat(72);
  return [
    '',
    rule,
    'E-mail not sent (SMTP_URL is not set)',
    `To:      ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    message.text,
    rule,
    '',
  ].join('\n');
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is imported with the first message rather than at start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...message });
    },
  };
}
