import type { NotificationKind } from '@soleswap/contracts/notifications';

/** What a notification's payload may carry; each kind uses some of it (see the listeners). */
export interface NotificationPayload {
  tradeId?: number;
  /** message.created in a direct conversation (instead of a trade). */
  conversationId?: number;
  /** Who did it (a name as it was then); absent when the scheduler or an admin acted. */
  actorName?: string;
  actorId?: string;
  /** trade.cancelled: one side asked, the trade is still open until the other agrees. */
  requested?: boolean;
  /** trade.inspection: the step of the pair's journey through the authentication centre, in words. */
  step?: string;
  /** trade.received, trade.completed: the scheduler confirmed a receipt nobody confirmed or disputed in time. */
  automatic?: boolean;
  /** trade.resolved: how the admin closed the dispute. */
  outcome?: string;
  sneakerId?: number;
  sneakerName?: string;
  ownerId?: string;
  count?: number;
  /** account.signed-in: the browser and system, and the shortened address it came from. */
  device?: string;
  place?: string;
  /** account.code-locked: the wrong codes that locked the account's codes, and for how many minutes. */
  wrongCodes?: number;
  minutes?: number;
}

const tradeLink = (p: NotificationPayload) => `/trades?trade=${p.tradeId ?? ''}`;
const who = (p: NotificationPayload) => p.actorName ?? 'Someone';

const TEXT: Record<NotificationKind, (p: NotificationPayload) => { text: string; link: string }> = {
  'trade.proposed': (p) => ({ text: `${who(p)} proposed a trade (#${p.tradeId})`, link: tradeLink(p) }),
  'trade.accepted': (p) => ({ text: `${who(p)} accepted trade #${p.tradeId}. Ship within 5 days.`, link: tradeLink(p) }),
  'trade.rejected': (p) => ({ text: `${who(p)} rejected trade #${p.tradeId}`, link: tradeLink(p) }),
  'trade.countered': (p) => ({ text: `${who(p)} sent a counter-offer (#${p.tradeId})`, link: tradeLink(p) }),
  'trade.cancelled': (p) => ({
    text: p.requested
      ? `${who(p)} asked to cancel trade #${p.tradeId}`
      : p.actorName
        ? `${p.actorName} cancelled trade #${p.tradeId}`
        : `Trade #${p.tradeId} was cancelled: a side did not ship in time`,
    link: tradeLink(p),
  }),
  'trade.shipped': (p) => ({ text: `${who(p)} shipped their side of trade #${p.tradeId}`, link: tradeLink(p) }),
  'trade.received': (p) => ({
    text: p.automatic
      ? `A parcel in trade #${p.tradeId} was marked received automatically: its receipt was not confirmed or disputed in time`
      : `${who(p)} received your pair in trade #${p.tradeId}`,
    link: tradeLink(p),
  }),
  'trade.completed': (p) => ({
    text: p.automatic
      ? `Trade #${p.tradeId} is complete: a receipt not confirmed or disputed in time was confirmed automatically. Rate your partner.`
      : `Trade #${p.tradeId} is complete. Rate your partner.`,
    link: tradeLink(p),
  }),
  'trade.disputed': (p) => ({ text: `${who(p)} opened a dispute on trade #${p.tradeId}`, link: tradeLink(p) }),
  'trade.resolved': (p) => ({
    text: `The dispute on trade #${p.tradeId} was resolved${p.outcome ? `: ${p.outcome}` : ''}`,
    link: tradeLink(p),
  }),
  'trade.expired': (p) => ({ text: `Trade proposal #${p.tradeId} expired`, link: tradeLink(p) }),
  'trade.inspection': (p) => ({
    text: `Authentication centre, trade #${p.tradeId}: ${p.step ?? 'your pair moved on'}`,
    link: tradeLink(p),
  }),
  'trade.deadline-near': (p) => ({ text: `Ship your side of trade #${p.tradeId} within 24 hours`, link: tradeLink(p) }),
  'message.created': (p) => {
    const where = p.conversationId !== undefined ? '' : ` in trade #${p.tradeId}`;
    return {
      text: (p.count ?? 1) > 1 ? `${p.count} new messages from ${who(p)}${where}` : `New message from ${who(p)}${where}`,
      link: p.conversationId !== undefined ? `/messages/${p.conversationId}` : tradeLink(p),
    };
  },
  'follow.created': (p) => ({ text: `${who(p)} started following you`, link: `/profile/${p.actorId ?? ''}` }),
  'sneaker.created': (p) => ({
    text: `${who(p)} listed a new sneaker${p.sneakerName ? `: ${p.sneakerName}` : ''}`,
    link: `/profile/${p.actorId ?? ''}`,
  }),
  'match.found': (p) => ({
    text: `New match for your wants${p.sneakerName ? `: ${p.sneakerName}` : ''}`,
    link: p.ownerId ? `/profile/${p.ownerId}` : '/browse',
  }),
  'account.signed-in': (p) => ({
    text: `New sign-in with ${p.device ?? 'a new browser'}${p.place ? ` from ${p.place}` : ''}. Not you? Sign it out and change your password.`,
    link: '/settings/security',
  }),
  'account.code-locked': (p) => ({
    text: `${p.wrongCodes ?? 'Several'} wrong second-factor codes: codes are refused for ${p.minutes ?? 'a while'} minutes. Not you? Reset your password: that signs out every session and lifts the lock.`,
    link: '/settings/security',
  }),
};

/** The line and the link the bell shows for a stored notification. */
export function describeNotification(kind: NotificationKind, payload: NotificationPayload): { text: string; link: string } {
  return TEXT[kind](payload);
}
