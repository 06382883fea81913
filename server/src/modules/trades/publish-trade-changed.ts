import type { TradeStatus } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { publishLiveEvents } from '../live/publish-live-event';
import type { TradeRow } from './trades.repository';

/**
 * Tells both parties' open browsers that these trades changed, inside the transaction that
 * changed them: the stream hears of it exactly when the change commits, and never of a change
 * that rolled back. Call it last in the transaction (it holds the parties' stream locks to commit).
 */
export function publishTradeChanged(tx: Db, changes: Array<{ trade: TradeRow; action: string }>) {
  return publishLiveEvents(
    tx,
    changes.map(({ trade, action }) => ({
      userIds: [trade.proposerId, trade.receiverId],
      kind: 'trade.changed' as const,
      payload: { tradeId: trade.id, status: trade.status as TradeStatus, action },
    })),
  );
}
