import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { storeNotifications, type NotificationInput } from './create-notifications';
import { membersWantingEmail } from './notification-email';
import { describeNotification, type NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

/**
 * The appeal as the wallet announced it ('holdAppeal.changed'). filed: the other member hears of it;
 * reversed or upheld: both hear the ruling with the admin's note.
 */
export type HoldAppealNotice = Omit<DomainEventMap['holdAppeal.changed'], 'at'>;

/**
 * Tells the members of an appeal of a captured hold what happened (issue #40), heard from
 * 'holdAppeal.changed' after the filing or ruling committed (register-notifications.ts): the other
 * member that it was filed; both members the admin's ruling with the admin's note, in the bell
 * (stored in `txCtx`'s transaction at the appeal's time `at`) and, after that commits, by e-mail.
 */
export async function notifyHoldAppeal(txCtx: AppContext, at: Date, notice: HoldAppealNotice): Promise<void> {
  const names = await findUsernames(txCtx.db, [notice.ownerId, notice.otherId]);
  const base: NotificationPayload = {
    tradeId: notice.tradeId,
    appeal: notice.appeal,
    ownerName: names.get(notice.ownerId) ?? 'A member',
    otherName: names.get(notice.otherId) ?? 'A member',
    holdCents: notice.amountCents,
    ...(notice.note ? { note: notice.note } : {}),
  };
  const inputs: NotificationInput[] =
    notice.appeal === 'filed'
      ? [{ userId: notice.otherId, kind: 'trade.hold-appeal', payload: { ...base, isOwner: false } }]
      : [
          { userId: notice.ownerId, kind: 'trade.hold-appeal', payload: { ...base, isOwner: true } },
          { userId: notice.otherId, kind: 'trade.hold-appeal', payload: { ...base, isOwner: false } },
        ];
  // E-mail follows the bell: a member who switched the kind off there gets neither.
  const stored = (await storeNotifications(txCtx.db, at, inputs)).map((n) => n.userId);
  if (notice.appeal === 'filed') return;
  const emailed = await membersWantingEmail(txCtx, stored, 'trade.hold-appeal');
  for (const input of inputs) {
    if (!emailed.has(input.userId)) continue;
    const { text, link } = describeNotification(input.kind, input.payload);
    txCtx.events.emit('member.notice', {
      userId: input.userId,
      subject: `Trade #${notice.tradeId}: the appeal of a protection hold was ${notice.appeal === 'reversed' ? 'granted' : 'turned down'}`,
      lines: [text],
      links: [{ label: 'The trade', url: `${txCtx.env.APP_ORIGIN}${link}` }],
    });
  }
}
