import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the embedded provider's mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail goes out through SMTP_URL when it is set. Without it, in development the message is written
 * to the server log instead, so whoever runs the server can still open the link; in production the
 * log only says that a message was not sent: its link is a token, and tokens never go to the log.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'SMTP_FROM' | 'NODE_ENV'>, log: FastifyBaseLogger): Mailer {
  if (!env.SMTP_URL) {
    return {
      async send(message) {
        if (env.NODE_ENV === 'production') {
          log.warn(`SMTP_URL is not set, so an e-mail was not sent: ${message.subject}`);
          return;
        }
        log.info(`SMTP_URL is not set, so this e-mail was not sent. To ${message.to}: ${message.subject}\n${message.text}`);
      },
    };
  }
  const smtpUrl = env.SMTP_URL;
  // nodemailer is imported with the first message rather than at start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail({ from: env.SMTP_FROM, ...message });
    },
  };
}
