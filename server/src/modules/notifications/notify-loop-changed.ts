import type { NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import { membersWantingEmail } from './notification-email';
import { describeNotification, type NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

type LoopChanged = DomainEventMap['loop.changed'];

/**
 * Which notification a loop change makes, or null when it makes none: the proposal, the
 * acceptance that made it binding (an acceptance that did not tells nobody), each leg shipped or
 * received (the last receipt says the loop completed), and an end without completing.
 */
export function loopNotificationKind(event: LoopChanged): { kind: NotificationKind; payload: NotificationPayload } | null {
  const { action, status, loopId } = event;
  switch (action) {
    case 'propose':
      return { kind: 'loop.proposed', payload: { loopId } };
    case 'accept':
      return status === 'active' ? { kind: 'loop.active', payload: { loopId } } : null;
    case 'ship':
      return { kind: 'loop.shipped', payload: { loopId } };
    case 'receive':
      return { kind: 'loop.received', payload: { loopId, loopStatus: status } };
    case 'auto-receive':
      return { kind: 'loop.received', payload: { loopId, loopStatus: status, automatic: true } };
    case 'decline':
    case 'expire':
    case 'block':
    case 'ship-deadline':
    case 'dispute':
      return { kind: 'loop.closed', payload: { loopId, loopStatus: status } };
    default:
      return null;
  }
}

/**
 * Notifies a loop's members of a change, except the one who made it (docs/rules/loops.md), in the
 * bell and by e-mail, as trades notify theirs. The proposal and the binding acceptance tell every
 * member, the acceptance's maker too: their pair must ship now as well. A leg shipped tells its
 * receiver that their pair is on its way. The e-mail (a `member.notice`, sent after this commits)
 * goes to each member whose bell got it and who gets the kind by e-mail (issue #45): a member who
 * switched the kind off gets neither.
 */
export async function notifyLoopChanged(ctx: AppContext, event: LoopChanged): Promise<void> {
  const made = loopNotificationKind(event);
  if (!made) return;
  const everyone = made.kind === 'loop.active' || made.kind === 'loop.proposed';
  const recipients = [...new Set(event.userIds)].filter((id) => everyone || id !== event.actorId);
  if (recipients.length === 0) return;
  const actorName = event.actorId ? (await findUsernames(ctx.db, [event.actorId])).get(event.actorId) : undefined;
  const payload = { ...made.payload, ...(actorName ? { actorName, actorId: event.actorId! } : {}) };
  // Member i gives leg i to member i + 1: the one the shipped pair goes to.
  const receiverId = made.kind === 'loop.shipped' ? receiverOf(event.userIds, event.actorId) : null;
  const inputs = recipients.map((userId) => ({ userId, kind: made.kind, payload: userId === receiverId ? { ...payload, toYou: true } : payload }));
  const stored = new Set((await createNotifications(ctx, inputs)).map((n) => n.userId));
  const origin = ctx.env.APP_ORIGIN;
  const emailed = await membersWantingEmail(ctx, [...stored], made.kind);
  for (const input of inputs) {
    if (!stored.has(input.userId) || !emailed.has(input.userId)) continue;
    const { text, link } = describeNotification(input.kind, input.payload);
    ctx.events.emit('member.notice', {
      userId: input.userId,
      subject: `Loop #${event.loopId}: ${LOOP_SUBJECTS[made.kind] ?? 'an update'}`,
      lines: [text],
      links: [{ label: 'The loop', url: `${origin}${link}` }],
    });
  }
}

/** What each loop e-mail's subject says after "Loop #n: ". */
const LOOP_SUBJECTS: Partial<Record<NotificationKind, string>> = {
  'loop.proposed': 'a loop trade was proposed to you',
  'loop.active': 'every member accepted, ship your pair',
  'loop.shipped': 'a pair was shipped',
  'loop.received': 'a pair arrived',
  'loop.closed': 'the loop ended',
};

function receiverOf(memberIds: readonly string[], giverId: string | null): string | null {
  const position = giverId === null ? -1 : memberIds.indexOf(giverId);
  return position === -1 ? null : memberIds[(position + 1) % memberIds.length]!;
}
