import type { FastifyInstance } from 'fastify';
import type { MailMessage } from './mail-message';

/** Where the development mailbox is served (under /api, so the Vite dev server proxies it too). */
export const DEV_MAILBOX_PATH = '/api/dev/mailbox';
/** The mailbox keeps this many messages, newest first; older ones are dropped. */
export const DEV_MAILBOX_SIZE = 50;

/** One message the server sent (or would have sent), with the links in its text. */
export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  /** Every http(s) address in the text, in order: what the reader clicks. */
  links: string[];
  sentAt: string;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/**
 * The last messages of every kind of outgoing e-mail (confirmation links, and whatever else goes
 * through the Mailer), kept in memory of this process only, for development: whoever runs the
 * server opens the links here instead of digging them out of the log. Never made in production,
 * where links are tokens that must not be readable by anyone but their addressee.
 */
export class DevMailbox {
  private entries: MailboxEntry[] = [];

  add(message: MailMessage, at: Date): void {
    const entry = { to: message.to, subject: message.subject, text: message.text, links: message.text.match(LINK) ?? [], sentAt: at.toISOString() };
    this.entries = [entry, ...this.entries].slice(0, DEV_MAILBOX_SIZE);
  }

  /** Newest first. */
  list(): MailboxEntry[] {
    return [...this.entries];
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mailbox as a page: each message's addressee, subject, time, text and its links, clickable. */
export function mailboxPage(entries: readonly MailboxEntry[]): string {
  const items = entries.map(
    (mail) => `<li>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt.replace('T', ' ').slice(0, 19))} UTC</time></p>
${mail.links.length ? `<ul class="links">${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
<pre>${escapeHtml(mail.text)}</pre>
</li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · SoleSwap</title>
<style>
body{margin:0;background:#0c0c0e;color:#f5f5f4;font-family:Inter,ui-sans-serif,system-ui,sans-serif}
main{max-width:48rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:0 0 .25rem}
p{color:#a3a3ad;margin:0 0 1rem}.meta{font-size:.85rem}
ol{list-style:none;padding:0;display:grid;gap:1rem}
ol>li{background:#151518;border:1px solid #2e2e35;border-radius:1rem;padding:1.25rem}
a{color:#ff7847;word-break:break-all}.links{padding-left:1.25rem;margin:0 0 1rem}
pre{white-space:pre-wrap;word-break:break-word;color:#d4d4d8;margin:0;font-size:.85rem}
</style>
</head>
<body><main>
<h1>Development mailbox</h1>
<p>E-mail this server sent or would have sent, newest first (the last ${DEV_MAILBOX_SIZE}, kept until it restarts). Only outside production.</p>
${entries.length ? `<ol>${items.join('\n')}</ol>` : '<p>No e-mail yet. Sign up to get a confirmation link.</p>'}
</main></body>
</html>`;
}

/** GET /api/dev/mailbox (the page) and GET /api/dev/mailbox.json (the same, for tools and tests). */
export function devMailboxRoutes(mailbox: DevMailbox) {
  return async (app: FastifyInstance) => {
    const doc = (summary: string) => ({ config: { openapi: { summary } } });
    app.get(DEV_MAILBOX_PATH, doc('The development mailbox: recent e-mail with clickable links (not in production)'), async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(mailboxPage(mailbox.list())),
    );
    app.get(`${DEV_MAILBOX_PATH}.json`, doc('The development mailbox as JSON (not in production)'), async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ mails: mailbox.list() }),
    );
  };
}
