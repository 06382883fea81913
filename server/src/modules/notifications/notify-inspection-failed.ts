import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { findPairSummaries } from '../sneakers/sneaker-records';
import { storeNotifications, type NotificationInput } from './create-notifications';
import { membersWantingEmail } from './notification-email';
import { describeNotification, usd, type NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

/**
 * The failure as the inspection module announced it ('inspection.failed'): the member whose pair
 * failed and the member it was going to, the inspector's notes and photos (the verdict's, or the
 * quality issue's the member declined), and the owner's protection hold on the trade, captured for
 * the other member once the money settles (0 when none).
 */
export type InspectionFailedNotice = Omit<DomainEventMap['inspection.failed'], 'at'>;

/**
 * Tells both members of a via-authentication trade that a pair failed at the centre (issue #40),
 * heard from 'inspection.failed' after the failure committed (register-notifications.ts), in the
 * bell (stored in `txCtx.db` at the failure's time `at`): what failed, how, the inspector's notes, how
 * many photos the trade page shows, and what happens to the owner's protection hold; the same by
 * e-mail after `txCtx`'s transaction commits, with links to the trade page and to each photo. The photos are the
 * inspector's uploads, served under /uploads/ by their content-hash names; both members already read
 * them on the trade page (GET /api/trades/:id/inspection), and nobody else is sent their addresses.
 */
export async function notifyInspectionFailed(txCtx: AppContext, at: Date, notice: InspectionFailedNotice): Promise<void> {
  const names = await findUsernames(txCtx.db, [notice.ownerId, notice.recipientId]);
  const pairs = await findPairSummaries(txCtx.db, notice.sneakerIds);
  const base: NotificationPayload = {
    tradeId: notice.tradeId,
    failure: notice.failure,
    ownerName: names.get(notice.ownerId) ?? 'A member',
    otherName: names.get(notice.recipientId) ?? 'A member',
    sneakerName: pairs.map((p) => p.name).join(', ') || undefined,
    notes: notice.notes,
    photoCount: notice.photoUrls.length,
    holdCents: notice.ownerHoldCents,
  };
  const inputs: NotificationInput[] = [
    { userId: notice.ownerId, kind: 'trade.inspection-failed', payload: { ...base, isOwner: true } },
    { userId: notice.recipientId, kind: 'trade.inspection-failed', payload: { ...base, isOwner: false } },
  ];
  // E-mail follows the bell: a member who switched the kind off there gets neither.
  const stored = (await storeNotifications(txCtx.db, at, inputs)).map((n) => n.userId);

  const origin = txCtx.env.APP_ORIGIN;
  const emailed = await membersWantingEmail(txCtx, stored, 'trade.inspection-failed');
  for (const input of inputs) {
    if (!emailed.has(input.userId)) continue;
    const { text, link } = describeNotification(input.kind, input.payload);
    const whose = input.payload.isOwner ? 'Your pair' : `${base.ownerName}'s pair`;
    const appeal =
      input.payload.isOwner && notice.ownerHoldCents > 0
        ? [
            `If you think the centre got it wrong, appeal the ${usd(notice.ownerHoldCents)} hold within 7 days of its capture from the trade page: an admin reviews it and can give it back.`,
          ]
        : [];
    txCtx.events.emit('member.notice', {
      userId: input.userId,
      subject: `Trade #${notice.tradeId}: ${whose.toLowerCase()} ${notice.failure === 'never-arrived' ? 'never reached the authentication centre' : 'failed authentication'}`,
      lines: [text, ...appeal],
      links: [
        { label: 'The trade, with the inspection', url: `${origin}${link}` },
        ...notice.photoUrls.map((url, i) => ({ label: `Inspection photo ${i + 1}`, url: `${origin}${url}` })),
      ],
    });
  }
}
