import type { TradeRow } from './trades.repository';
import type { TradeViewer } from './trade-view';

/**
 * docs/rules/trades.md#reading-trades: only the two parties may read a trade. The one exception is an admin and a
 * trade that has been disputed, since resolving it is the admin's job. Everyone else is told
 * the trade does not exist.
 */
export function canSeeTrade(trade: Pick<TradeRow, 'proposerId' | 'receiverId' | 'disputedAt'>, viewer: TradeViewer): boolean {
  if (trade.proposerId === viewer.id || trade.receiverId === viewer.id) return true;
  return viewer.isAdmin && trade.disputedAt !== null;
}
