import { DAY_MS } from '@soleswap/contracts/time';
import { isNotificationEmailed } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import { escapeHtml } from '../identity/account/sign-in-guard';
import { queueMail } from '../identity/mail-queue';
import { findMailRecipients } from '../users/member-records';
import { describeNotification, type NotificationPayload } from './notification-text';
import { claimNotificationEmails, claimWantDigestDay, findDigestAlerts, findEmailChoices } from './notifications.repository';

/** The recurring job that sends the daily digests of want alerts. */
export const WANT_DIGEST_JOB = 'notifications.want-digest';

/**
 * The daily digest of want alerts (issue #45, docs/rules/offline-and-push.md#channels): for each
 * member who chose it, one e-mail listing their want alerts not e-mailed yet (since the last digest), at most
 * one a UTC day (want_digest_sent_on, claimed in the transaction that queues the mail, so a rerun or
 * a second instance sends nothing again), through identity's mail queue. Only to a member who gets
 * want alerts by e-mail, has an address and is not suspended. Returns how many digests it queued.
 */
export async function sendWantAlertDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  // Two days back: alerts that came after the last digest, however late in its day it ran.
  const alerts = await findDigestAlerts(ctx.db, { since: new Date(now.getTime() - 2 * DAY_MS), day });
  const byMember = new Map<string, typeof alerts>();
  for (const alert of alerts) byMember.set(alert.userId, [...(byMember.get(alert.userId) ?? []), alert]);
  if (byMember.size === 0) return 0;
  const userIds = [...byMember.keys()];
  const recipients = new Map((await findMailRecipients(ctx.db, userIds)).map((member) => [member.id, member]));
  const choices = await findEmailChoices(ctx.db, userIds);
  let sent = 0;
  for (const [userId, rows] of byMember) {
    const member = recipients.get(userId);
    if (!member?.email || member.suspendedAt || !isNotificationEmailed('want.alert', choices.get(userId) ?? {})) continue;
    const queued = await ctx.db.transaction(async (tx) => {
      if (!(await claimWantDigestDay(tx, userId, day))) return false;
      const claimed = await claimNotificationEmails(
        tx,
        rows.map((row) => row.id),
        now,
      );
      const lines = rows
        .filter((row) => claimed.has(row.id))
        .map((row) => {
          const { text, link } = describeNotification('want.alert', (row.payload ?? {}) as NotificationPayload);
          return { text, url: `${ctx.env.APP_ORIGIN}${link}` };
        });
      if (lines.length === 0) return false;
      const greeting = `Hi ${member.username ?? 'there'},`;
      const intro =
        lines.length === 1 ? 'A pair you want was listed in the last day:' : `${lines.length} pairs you want were listed in the last day:`;
      const settings = `${ctx.env.APP_ORIGIN}/settings/notifications`;
      await queueMail(
        { ...ctx, db: tx },
        {
          to: member.email!,
          subject: `SoleSwap: your daily want alerts (${lines.length})`,
          text: [
            greeting,
            '',
            intro,
            '',
            ...lines.map((line) => `- ${line.text}: ${line.url}`),
            '',
            `Choose how want alerts reach you: ${settings}`,
          ].join('\n'),
          html: [
            `<p>${escapeHtml(greeting)}</p>`,
            `<p>${escapeHtml(intro)}</p>`,
            `<ul>${lines.map((line) => `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.text)}</a></li>`).join('')}</ul>`,
            `<p><a href="${escapeHtml(settings)}">Choose how want alerts reach you</a></p>`,
          ].join(''),
        },
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
