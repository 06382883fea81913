import type { FastifyInstance } from 'fastify';
import type { DomainEventMap } from '../../events';
import { escapeHtml } from './account/sign-in-guard';
import type { Mailer } from './mailer';

/**
 * Sends the e-mail of a `member.notice` (a pair that failed authentication, a ruling on a hold
 * appeal: issue #40) to the member's address; the bell has the same notice from the module that
 * emitted it. Heard after that module's work committed, so a slow mail server never slows it. A
 * member without an address gets the bell only.
 */
export function mailMemberNotices(app: FastifyInstance, mailer: Mailer) {
  const { ctx } = app;
  ctx.events.on('member.notice', async ({ userId, subject, lines, links }: DomainEventMap['member.notice']) => {
    const member = await app.findSessionUser(ctx.db, userId);
    if (!member?.email) return;
    const greeting = `Hi ${member.username ?? 'there'},`;
    await mailer.send({
      to: member.email,
      subject,
      text: [greeting, '', ...lines, '', ...links.map((link) => `${link.label}: ${link.url}`)].join('\n'),
      html: [
        `<p>${escapeHtml(greeting)}</p>`,
        ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
        `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>`,
      ].join(''),
    });
  });
}
