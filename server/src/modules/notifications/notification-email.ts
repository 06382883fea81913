import { isNotificationEmailed, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import { escapeHtml } from '../identity/account/sign-in-guard';
import { queueMail } from '../identity/mail-queue';
import { findMailRecipients } from '../users/member-records';
import { describeNotification, type NotificationPayload } from './notification-text';
import { claimNotificationEmails, findEmailChoices, findWantDigestMembers, type NotificationRow } from './notifications.repository';

/**
 * Kinds whose e-mail is sent by their own code, not here (so none goes twice): the account-security
 * notices (the identity module mails them itself, always), and the notices that send a fuller
 * `member.notice` e-mail (a loop's steps, a dispute's ruling, a hold appeal, a failed authentication),
 * which ask isEmailWanted first.
 */
export const KINDS_MAILED_BY_THEIR_OWN_CODE: readonly NotificationKind[] = [
  'account.signed-in',
  'account.code-locked',
  'loop.proposed',
  'loop.active',
  'loop.shipped',
  'loop.received',
  'loop.closed',
  'trade.resolved',
  'trade.hold-appeal',
  'trade.inspection-failed',
];

/** The members of `userIds` who get `kind` by e-mail (their choice, or its default). */
export async function membersWantingEmail(ctx: AppContext, userIds: string[], kind: NotificationKind): Promise<Set<string>> {
  const choices = await findEmailChoices(ctx.db, userIds);
  return new Set(userIds.filter((userId) => isNotificationEmailed(kind, choices.get(userId) ?? {})));
}

/**
 * E-mail per kind of notice (issue #45, docs/rules/offline-and-push.md#channels): each committed
 * notice (the announce job's rows) whose kind the member gets by e-mail is queued as one e-mail
 * through the identity module's mail queue; a worker sends it. Once per notice: its
 * `email_queued_at` is claimed in the transaction that queues the mail, so a retried announce job
 * queues nothing again. A suspended member, or one without an address, gets none. Blocks were
 * applied when the notice was stored (a blocked member's notice is never stored).
 */
export async function queueNotificationEmails(ctx: AppContext, rows: ReadonlyArray<NotificationRow & { kind: NotificationKind }>): Promise<number> {
  const candidates = rows.filter((row) => !KINDS_MAILED_BY_THEIR_OWN_CODE.includes(row.kind) && row.emailQueuedAt === null);
  if (candidates.length === 0) return 0;
  const userIds = [...new Set(candidates.map((row) => row.userId))];
  return ctx.db.transaction(async (tx) => {
    const choices = await findEmailChoices(tx, userIds);
    const recipients = new Map((await findMailRecipients(tx, userIds)).map((member) => [member.id, member]));
    // Want alerts of a member who chose the daily digest wait for it (want-alert-digest.ts).
    const digest = await findWantDigestMembers(tx, userIds);
    const wanted = candidates.filter((row) => {
      const member = recipients.get(row.userId);
      if (row.kind === 'want.alert' && digest.has(row.userId)) return false;
      return member?.email && !member.suspendedAt && isNotificationEmailed(row.kind, choices.get(row.userId) ?? {});
    });
    const claimed = await claimNotificationEmails(
      tx,
      wanted.map((row) => row.id),
      ctx.now(),
    );
    const txCtx = { ...ctx, db: tx };
    for (const row of wanted) {
      if (!claimed.has(row.id)) continue;
      const member = recipients.get(row.userId)!;
      const { text, link } = describeNotification(row.kind, (row.payload ?? {}) as NotificationPayload);
      const url = `${ctx.env.APP_ORIGIN}${link}`;
      const settings = `${ctx.env.APP_ORIGIN}/settings/notifications`;
      const greeting = `Hi ${member.username ?? 'there'},`;
      await queueMail(txCtx, {
        to: member.email!,
        subject: `SoleSwap: ${NOTIFICATION_KIND_LABELS[row.kind]}`,
        text: [greeting, '', text, '', `Open it: ${url}`, '', `Choose which notices are e-mailed to you: ${settings}`].join('\n'),
        html: [
          `<p>${escapeHtml(greeting)}</p>`,
          `<p>${escapeHtml(text)}</p>`,
          `<p><a href="${escapeHtml(url)}">Open it on SoleSwap</a></p>`,
          `<p><a href="${escapeHtml(settings)}">Choose which notices are e-mailed to you</a></p>`,
        ].join(''),
      });
    }
    return claimed.size;
  });
}
