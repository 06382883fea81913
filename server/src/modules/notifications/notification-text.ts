import type { NotificationKind } from '@soleswap/contracts/notifications';

/** What a notification's payload may carry; each kind uses some of it (see the listeners). */
export interface NotificationPayload {
  tradeId?: number;
  /** message.created in a direct conversation (instead of a trade). */
  conversationId?: number;
  /** loop.*, and message.created in a loop's chat. */
  loopId?: number;
  /** loop.closed: the status the loop ended in; loop.received: 'completed' when it was the last pair. */
  loopStatus?: string;
  /** loop.shipped: the pair shipped is the one coming to the recipient. */
  toYou?: boolean;
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
  /**
   * trade.resolved after a refund: the recipient sends `otherName`'s pair back ('send'), gets theirs
   * back from them ('get'), or both, by `returnBy` (ISO); the admin's ruling note is in `note`.
   */
  returns?: Array<'send' | 'get'>;
  returnBy?: string;
  /** trade.return: the pair was shipped back to the recipient, or its owner confirmed the recipient's return arrived. */
  returnStep?: 'shipped' | 'received';
  sneakerId?: number;
  sneakerName?: string;
  ownerId?: string;
  /** want.alert: the pair's size (US men's, as the catalogue spells it) and value in dollars ("180.00"). */
  size?: string;
  value?: string;
  count?: number;
  /** account.signed-in: the browser and system, and the shortened address it came from. */
  device?: string;
  place?: string;
  /** account.code-locked: the wrong codes that locked the account's codes, and for how many minutes. */
  wrongCodes?: number;
  minutes?: number;
  /** trade.inspection-failed: how the pair failed (see INSPECTION_FAILURES), its owner, the inspector's notes and photos. */
  failure?: InspectionFailure;
  ownerName?: string;
  otherName?: string;
  notes?: string | null;
  photoCount?: number;
  /** The recipient is the member whose pair failed (or whose hold was appealed). */
  isOwner?: boolean;
  /** trade.inspection-failed: the owner's protection hold (0: none); trade.hold-appeal: the hold appealed. */
  holdCents?: number;
  /** trade.parcel-exception: the carrier returns the parcel to its sender, or could not deliver it; `isOwner`: the recipient sent it. */
  parcelException?: 'returned' | 'failure';
  /** trade.card-declined: the provider's words for the declined card. */
  reason?: string;
  /** trade.hold-appeal: 'filed', 'reversed' or 'upheld', and the admin's note with a ruling. */
  appeal?: 'filed' | 'reversed' | 'upheld';
  note?: string;
}

/** How a pair failed at the authentication centre. */
export type InspectionFailure = 'failed' | 'declined' | 'lapsed' | 'never-arrived';

/** "$240", or "$239.50". */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;

const FAILED_HOW: Record<InspectionFailure, string> = {
  failed: 'failed authentication',
  declined: 'failed authentication: its quality issue was declined',
  lapsed: 'failed authentication: its quality issue was not answered in 3 days',
  'never-arrived': 'never reached the authentication centre',
};

/** The bell's line for a parcel the carrier returns to its sender or could not deliver, as its sender or the member it goes to reads it. */
function parcelExceptionText(p: NotificationPayload): string {
  const parcel = p.isOwner ? `The parcel you sent in trade #${p.tradeId ?? ''}` : `The parcel coming to you in trade #${p.tradeId ?? ''}`;
  const what = p.parcelException === 'failure' ? 'could not be delivered, the carrier says' : 'is being returned to its sender, the carrier says';
  return `${parcel} ${what}. Nothing completes by it: check the tracking on the trade page, talk it over in the chat, or open a dispute.`;
}

/** The bell's line for a pair that failed at the centre, as its owner or the other member reads it. */
function inspectionFailedText(p: NotificationPayload): string {
  const pair = `${p.isOwner ? 'Your pair' : `${p.ownerName ?? 'The other member'}'s pair`} in trade #${p.tradeId ?? ''}${p.sneakerName ? ` (${p.sneakerName})` : ''}`;
  const notes = p.notes ? ` Inspector's notes: “${p.notes}”.` : '';
  const photos = p.photoCount ? ` ${p.photoCount} inspection photo${p.photoCount === 1 ? '' : 's'} on the trade page.` : '';
  const hold = p.holdCents
    ? p.isOwner
      ? ` Your ${usd(p.holdCents)} protection hold is paid to ${p.otherName ?? 'the other member'}; you may appeal within 7 days from the trade page.`
      : ` Their ${usd(p.holdCents)} protection hold is paid to your wallet.`
    : '';
  return `${pair} ${FAILED_HOW[p.failure ?? 'failed']}.${notes}${photos} The trade is cancelled and each pair goes back to its owner.${hold}`;
}

/** The bell's line about an appeal of a captured hold. */
function holdAppealText(p: NotificationPayload): string {
  const amount = p.holdCents ? `${usd(p.holdCents)} ` : '';
  const note = p.note ? ` Admin's note: “${p.note}”.` : '';
  const trade = `trade #${p.tradeId ?? ''}`;
  switch (p.appeal) {
    case 'reversed':
      return p.isOwner
        ? `Your appeal on ${trade} was granted: your ${amount}protection hold is back in your wallet.${note}`
        : `An admin gave ${p.ownerName ?? 'the other member'}'s ${amount}protection hold on ${trade} back to them; it is taken back from your wallet.${note}`;
    case 'upheld':
      return p.isOwner
        ? `Your appeal on ${trade} was turned down: your ${amount}protection hold stays with ${p.otherName ?? 'the other member'}.${note}`
        : `An admin upheld the capture of ${p.ownerName ?? 'the other member'}'s ${amount}protection hold on ${trade}: it stays in your wallet.${note}`;
    default:
      return `${p.ownerName ?? 'The other member'} appealed the capture of their ${amount}protection hold on ${trade}; an admin will rule.`;
  }
}

/** The bell's line about an admin's ruling on a dispute: the outcome, the admin's note, and what goes back to whom by when. */
function resolvedText(p: NotificationPayload): string {
  const outcome = p.outcome === 'cancelled' ? 'cancelled and refunded' : p.outcome === 'completed' ? 'completed: the swap stands' : p.outcome;
  const note = p.note ? ` Admin's note: “${p.note}”.` : '';
  const by = p.returnBy ? ` by ${p.returnBy.slice(0, 10)}` : '';
  const other = p.otherName ?? 'the other member';
  const returns = [
    ...(p.returns?.includes('send') ? [` Send ${other}'s pair back${by}: the address and a packing slip are on the trade page.`] : []),
    ...(p.returns?.includes('get') ? [` ${other} sends your pair back${by}; confirm on the trade page when it arrives.`] : []),
  ].join('');
  return `The dispute on trade #${p.tradeId ?? ''} was resolved${outcome ? `: ${outcome}` : ''}.${note}${returns}`;
}

const tradeLink = (p: NotificationPayload) => `/trades?trade=${p.tradeId ?? ''}`;
const who = (p: NotificationPayload) => p.actorName ?? 'Someone';
const loopLink = (p: NotificationPayload) => `/trades?loop=${p.loopId ?? ''}`;

const LOOP_TEXT: Record<Extract<NotificationKind, `loop.${string}`>, (p: NotificationPayload) => { text: string; link: string }> = {
  'loop.proposed': (p) => ({
    text: `A loop trade was proposed to you (#${p.loopId}): accept it with where your pair should go, or decline`,
    link: loopLink(p),
  }),
  'loop.active': (p) => ({ text: `Loop #${p.loopId} is binding: every member accepted. Ship your pair within 5 days.`, link: loopLink(p) }),
  'loop.shipped': (p) => ({
    text: p.toYou
      ? `${who(p)} shipped the pair coming to you in loop #${p.loopId}: confirm it on the loop when it arrives`
      : `${who(p)} shipped their pair in loop #${p.loopId}`,
    link: loopLink(p),
  }),
  'loop.received': (p) => ({
    text:
      p.loopStatus === 'completed'
        ? `Loop #${p.loopId} completed: every pair arrived`
        : `${p.automatic ? 'A pair was marked received' : `${who(p)} confirmed their pair arrived`} in loop #${p.loopId}`,
    link: loopLink(p),
  }),
  'loop.closed': (p) => ({ text: `Loop #${p.loopId} ended: ${p.loopStatus ?? 'closed'}`, link: loopLink(p) }),
};

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
  'trade.parcel-exception': (p) => ({ text: parcelExceptionText(p), link: tradeLink(p) }),
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
  'trade.resolved': (p) => ({ text: resolvedText(p), link: tradeLink(p) }),
  'trade.return': (p) => ({
    text:
      p.returnStep === 'received'
        ? `${who(p)} confirmed the pair you sent back in trade #${p.tradeId} arrived: the return is over`
        : `${who(p)} shipped your pair back in trade #${p.tradeId}: confirm on the trade page when it arrives`,
    link: tradeLink(p),
  }),
  'trade.expired': (p) => ({ text: `Trade proposal #${p.tradeId} expired`, link: tradeLink(p) }),
  'trade.inspection': (p) => ({
    text: `Authentication centre, trade #${p.tradeId}: ${p.step ?? 'your pair moved on'}`,
    link: tradeLink(p),
  }),
  'trade.inspection-failed': (p) => ({ text: inspectionFailedText(p), link: tradeLink(p) }),
  'trade.hold-appeal': (p) => ({ text: holdAppealText(p), link: tradeLink(p) }),
  'trade.card-declined': (p) => ({
    text: `${who(p)} tried to accept trade #${p.tradeId}, but your card was declined.${p.reason && !/^your card was declined/i.test(p.reason) ? ` Your bank said: ${p.reason}` : ''} Nothing was held and the trade is still pending: open it to give another card.`,
    link: tradeLink(p),
  }),
  'trade.deadline-near': (p) => ({ text: `Ship your side of trade #${p.tradeId} within 24 hours`, link: tradeLink(p) }),
  'trade.proposal-expiring': (p) => ({ text: `Trade proposal #${p.tradeId} expires within 6 hours: answer it or it lapses`, link: tradeLink(p) }),
  'trade.receive-closing': (p) => ({
    text: `The receive window of trade #${p.tradeId} closes within 24 hours: confirm the pair arrived as described, or dispute`,
    link: tradeLink(p),
  }),
  'message.created': (p) => {
    const where = p.conversationId !== undefined ? '' : p.loopId !== undefined ? ` in loop #${p.loopId}` : ` in trade #${p.tradeId}`;
    return {
      text: (p.count ?? 1) > 1 ? `${p.count} new messages from ${who(p)}${where}` : `New message from ${who(p)}${where}`,
      link: p.conversationId !== undefined ? `/messages/${p.conversationId}` : p.loopId !== undefined ? loopLink(p) : tradeLink(p),
    };
  },
  ...LOOP_TEXT,
  'follow.created': (p) => ({ text: `${who(p)} started following you`, link: `/profile/${p.actorId ?? ''}` }),
  'sneaker.created': (p) => ({
    text: `${who(p)} listed a new sneaker${p.sneakerName ? `: ${p.sneakerName}` : ''}`,
    link: `/profile/${p.actorId ?? ''}`,
  }),
  'match.found': (p) => ({
    text: `New match for your wants${p.sneakerName ? `: ${p.sneakerName}` : ''}`,
    link: p.ownerId ? `/profile/${p.ownerId}` : '/browse',
  }),
  'want.alert': (p) => ({
    text: `A pair you want is up: ${p.sneakerName ?? 'a listing'}${p.size ? `, US ${p.size}` : ''}${p.value ? ` at $${p.value}` : ''}`,
    link: p.sneakerId !== undefined ? `/sneakers/${p.sneakerId}` : '/wants',
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
