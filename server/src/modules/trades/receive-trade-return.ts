import type { TradeReturn } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runReturnStep } from './trade-return-step';
import type { TradeViewer } from './trade-view';

/** The owner confirms their pair is back (POST /api/trade-returns/:id/receive): the return is over; the sender is told in the bell (runReturnStep). */
export async function receiveTradeReturn(ctx: AppContext, { viewer, returnId }: { viewer: TradeViewer; returnId: number }): Promise<TradeReturn> {
  return runReturnStep(ctx, { viewer, returnId, action: 'receive' }, async (_tx, _row, _decision, at) => ({ receivedAt: at }));
}
