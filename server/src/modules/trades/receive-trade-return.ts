import type { TradeReturn } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { notifyTradeReturn } from '../notifications/notify-trade-return';
import { runReturnStep } from './trade-return-step';
import type { TradeViewer } from './trade-view';

/** The owner confirms their pair is back (POST /api/trade-returns/:id/receive): the return is over; the sender is told in the bell. */
export async function receiveTradeReturn(ctx: AppContext, { viewer, returnId }: { viewer: TradeViewer; returnId: number }): Promise<TradeReturn> {
  return runReturnStep(ctx, { viewer, returnId, action: 'receive' }, async (tx, row, _decision, at) => {
    await notifyTradeReturn(tx, at, { tradeId: row.tradeId, step: 'received', actorId: row.ownerId, recipientId: row.senderId });
    return { receivedAt: at };
  });
}
