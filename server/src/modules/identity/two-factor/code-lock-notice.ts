import type { FastifyInstance } from 'fastify';
import type { DomainEventMap } from '../../../events';
import { escapeHtml } from '../account/sign-in-guard';
import type { Mailer } from '../mailer';

/**
 * Tells the owner by e-mail that wrong codes locked their account's code step (issue #39): whoever
 * typed them had the password (sign-in) or a signed-in session (step-up). The bell says it too
 * (the notifications module hears the same event). Heard after the lock is written, so a slow mail
 * server never slows the refused request.
 */
export function mailOwnerOnCodeLock(app: FastifyInstance, mailer: Mailer) {
  const { ctx } = app;
  ctx.events.on('user.secondFactorLocked', async ({ userId, failures, minutes }: DomainEventMap['user.secondFactorLocked']) => {
    const member = await app.findSessionUser(ctx.db, userId);
    if (!member?.email) return;
    const page = `${ctx.env.APP_ORIGIN}/settings/security`;
    const lines = [
      `Someone typed ${failures} wrong codes for your SoleSwap account's second factor, so codes are refused for the next ${minutes} minutes, the right one included.`,
      'If it was not you, someone knows your password or is signed in as you: reset your password from the sign-in page. That signs out every session and lifts the lock.',
      `If it was you, wait, use a passkey if you have one, or reset your password. Your sessions and factors: ${page}`,
    ];
    await mailer.send({
      to: member.email,
      subject: 'Wrong second-factor codes locked your SoleSwap account’s codes',
      text: [`Hi ${member.username ?? 'there'},`, '', ...lines].join('\n'),
      html: [`<p>Hi ${escapeHtml(member.username ?? 'there')},</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)].join(''),
    });
  });
}
