import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
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
 * Mail goes out through SMTP_URL when it is set. Without it (development, or a deployment that
 * has not configured mail yet) the message is written to the server log instead, so whoever runs
 * the server can still open the link.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'SMTP_FROM'>, log: FastifyBaseLogger): Mailer {
  if (!env.SMTP_URL) {
    return {
      async send(message) {
        log.info(`SMTP_URL is not set, so this e-mail was not sent. To ${message.to}: ${message.subject}\n${message.text}`);
      },
    };
  }
  const transport = createTransport(env.SMTP_URL);
  return {
    async send(message) {
      await transport.sendMail({ from: env.SMTP_FROM, ...message });
    },
  };
}
