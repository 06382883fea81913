import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { storeNotifications, type NotificationInput } from './create-notifications';
import { membersWantingEmail } from './notification-email';
import { describeNotification, type NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

/** The ruling as the trades module announced it ('trade.disputeRuled'): the admin's note is shown to both members. */
export type DisputeRulingNotice = Omit<DomainEventMap['trade.disputeRuled'], 'at'>;

/**
 * Tells both members of an admin's ruling on their dispute (issue #40), heard from
 * 'trade.disputeRuled' after the ruling committed (register-notifications.ts): the outcome, the
 * admin's note, and, after a refund where parcels moved, which pair each sends back and gets back
 * by when; in the bell, stored in `txCtx`'s transaction at the ruling's time `at`, and, after that
 * commits, by e-mail.
 */
export async function notifyDisputeRuling(txCtx: AppContext, at: Date, notice: DisputeRulingNotice): Promise<void> {
  const names = await findUsernames(txCtx.db, [notice.proposerId, notice.receiverId]);
  const inputs: NotificationInput[] = [notice.proposerId, notice.receiverId].map((userId) => {
    const otherId = userId === notice.proposerId ? notice.receiverId : notice.proposerId;
    const returns = [
      ...(notice.returns.some((r) => r.senderId === userId) ? (['send'] as const) : []),
      ...(notice.returns.some((r) => r.ownerId === userId) ? (['get'] as const) : []),
    ];
    const payload: NotificationPayload = {
      tradeId: notice.tradeId,
      outcome: notice.outcome,
      otherName: names.get(otherId) ?? 'the other member',
      ...(notice.note ? { note: notice.note } : {}),
      ...(returns.length ? { returns, returnBy: notice.returns[0]!.returnBy.toISOString() } : {}),
    };
    return { userId, kind: 'trade.resolved', payload };
  });
  // E-mail follows the bell: a member who switched the kind off there gets neither.
  const stored = (await storeNotifications(txCtx.db, at, inputs)).map((n) => n.userId);
  const emailed = await membersWantingEmail(txCtx, stored, 'trade.resolved');
  for (const input of inputs) {
    if (!emailed.has(input.userId)) continue;
    const { text, link } = describeNotification(input.kind, input.payload);
    txCtx.events.emit('member.notice', {
      userId: input.userId,
      subject: `Trade #${notice.tradeId}: an admin ruled on the dispute`,
      lines: [text],
      links: [{ label: 'The trade', url: `${txCtx.env.APP_ORIGIN}${link}` }],
    });
  }
}
