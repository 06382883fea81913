import { DAY } from './market-setup';
import type { MarketSetup, MemberState, TradeState } from './market-state';
import { memberId } from './members';

/** The notification kind of each state a trade can be answered into (a pending trade has no answer yet). */
const ANSWER_KINDS: Record<string, string> = {
  accepted: 'trade.accepted',
  completed: 'trade.completed',
  rejected: 'trade.rejected',
  countered: 'trade.countered',
  expired: 'trade.expired',
  disputed: 'trade.disputed',
  cancelled: 'trade.cancelled',
};

/** Notifications: the receiver hears of each proposal, the proposer of each answer. */
export async function writeNotifications(market: MarketSetup & MemberState & TradeState): Promise<void> {
  const { random, now, copy, usernames, tradeCreated, tradeProposer, tradeReceiver, tradeStatus, tradeEnd } = market;
  const { trades } = market.options;
  await copy(
    'notifications',
    ['user_id', 'kind', 'payload', 'read_at', 'created_at'],
    trades * 2,
    (function* () {
      for (let t = 1; t <= trades; t++) {
        const created = tradeCreated[t]!;
        const p = tradeProposer[t]!;
        const r = tradeReceiver[t]!;
        const readAt = (at: number) => (now - at > 3 * DAY || random.chance(0.3) ? new Date(Math.min(now, at + DAY)) : null);
        yield [
          memberId(r),
          'trade.proposed',
          JSON.stringify({ tradeId: t, actorName: usernames[p], actorId: memberId(p), count: 1 }),
          readAt(created),
          new Date(created),
        ];
        const status = tradeStatus[t]!;
        const kind = ANSWER_KINDS[status];
        if (!kind) continue;
        const at = Math.min(
          now - 1000,
          status === 'completed' || status === 'expired' || status === 'rejected' || status === 'cancelled' || status === 'countered'
            ? tradeEnd[t]!
            : created + DAY,
        );
        const payload = status === 'expired' ? { tradeId: t, count: 1 } : { tradeId: t, actorName: usernames[r], actorId: memberId(r), count: 1 };
        yield [memberId(p), kind, JSON.stringify(payload), readAt(at), new Date(at)];
      }
    })(),
  );
}
