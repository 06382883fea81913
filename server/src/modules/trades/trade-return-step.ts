import type { TradeReturn, TradeReturnAction } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { refusalError, type RefusalAnswers } from '../../machines/machine';
import { decideReturn, type TradeReturnDecision, type TradeReturnRefusal } from './trade-return.machine';
import { canSeeReturn, buildTradeReturnView, returnRolesOf } from './trade-return-view';
import { lockReturn, updateReturnFrom, type TradeReturnChanges, type TradeReturnRow } from './trade-returns.repository';
import type { TradeViewer } from './trade-view';

const REFUSALS: RefusalAnswers<TradeReturnRefusal> = {
  NOT_YOUR_ROLE: {
    code: 'FORBIDDEN',
    message: (r) => (r.action === 'ship' ? 'Only the member holding the pair ships it back' : 'Only the owner of the pair confirms it arrived'),
  },
  ALREADY_SHIPPED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'This pair is already on its way back' },
  NOT_SHIPPED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'You can confirm the pair arrived once it has been shipped back' },
  ALREADY_RETURNED: { code: 'TRADE_INVALID_TRANSITION', message: () => 'This pair is already back with its owner' },
};

/**
 * One step of a return (ship, receive), in one transaction: the return's row is locked, the caller's
 * part checked (a stranger learns nothing: 404), the machine decides, `apply` does the step's checks
 * and says what to save, and the step is saved only from the status it was read in. Once it has
 * committed, 'trade.returnStep' tells the other member (the owner that the pair was shipped back,
 * the sender that the owner confirmed it arrived).
 */
export async function runReturnStep(
  ctx: AppContext,
  { viewer, returnId, action }: { viewer: TradeViewer; returnId: number; action: TradeReturnAction },
  apply: (tx: Db, row: TradeReturnRow, decision: TradeReturnDecision, at: Date) => Promise<TradeReturnChanges>,
): Promise<TradeReturn> {
  const at = ctx.now();
  const { saved, view } = await ctx.db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnId);
    if (!row || !canSeeReturn(row, viewer)) throw notFound('Return');
    const decision = decideReturn(row.status, returnRolesOf(row, viewer), action);
    if (!decision.ok) throw refusalError(REFUSALS, decision);
    const changes = await apply(tx, row, decision, at);
    const saved = await updateReturnFrom(tx, row.id, row.status, { ...changes, status: decision.status });
    if (!saved) throw new AppError('CONFLICT', 'This return changed while you were acting on it. Please reload it.');
    return { saved, view: await buildTradeReturnView(tx, saved, viewer, at) };
  });
  // Inside a caller's transaction (a keyed request's), ctx.events waits for that commit too.
  const [actorId, recipientId] = action === 'ship' ? [saved.senderId, saved.ownerId] : [saved.ownerId, saved.senderId];
  ctx.events.emit('trade.returnStep', { tradeId: saved.tradeId, step: action === 'ship' ? 'shipped' : 'received', actorId, recipientId, at });
  return view;
}
