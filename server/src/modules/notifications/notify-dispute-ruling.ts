import type { AppContext } from '../../context';
import { storeNotifications, type NotificationInput } from './create-notifications';
import { describeNotification, type NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

export interface DisputeRulingNotice {
  tradeId: number;
  proposerId: string;
  receiverId: string;
  outcome: string;
  /** The admin's note, shown to both members. */
  note: string | null;
  /** The pairs going back after a refund: whose, from whom, by when. */
  returns: Array<{ ownerId: string; senderId: string; returnBy: Date }>;
}

/**
 * Tells both members of an admin's ruling on their dispute (issue #40), inside the ruling's
 * transaction: the outcome, the admin's note, and, after a refund where parcels moved, which pair
 * each sends back and gets back by when; in the bell and, after commit, by e-mail.
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
  await storeNotifications(txCtx.db, at, inputs);
  for (const input of inputs) {
    const { text, link } = describeNotification(input.kind, input.payload);
    txCtx.events.emit('member.notice', {
      userId: input.userId,
      subject: `Trade #${notice.tradeId}: an admin ruled on the dispute`,
      lines: [text],
      links: [{ label: 'The trade', url: `${txCtx.env.APP_ORIGIN}${link}` }],
    });
  }
}
