import type { TradeStatus } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { findOpenCashAuthorizations } from '../wallet/find-open-cash-authorizations';
import { settleTradeCash } from '../wallet/settle-trade-cash';
import { findTradeById } from './trades.repository';

/** Statuses whose cash is released: the trade ended without completing (a refund resolution too). */
const RELEASED_ON: readonly string[] = ['rejected', 'cancelled', 'expired', 'countered'] satisfies TradeStatus[];

/**
 * Captures a trade's cash once it completed (by receipt, or a dispute resolved as completed: against
 * the payer who disputed), releases it once it ended any other way; leaves it held while the trade is
 * open. Runs after the step commits (the 'trade.changed' listener), never inside its transaction.
 */
export async function settleCashOfTrade(ctx: AppContext, trade: { id: number; status: string }): Promise<void> {
  if (trade.status === 'completed') await settleTradeCash(ctx, { tradeId: trade.id, event: 'capture', isTradeCompleted: true });
  else if (RELEASED_ON.includes(trade.status)) await settleTradeCash(ctx, { tradeId: trade.id, event: 'release', isTradeCompleted: false });
}

/**
 * The `trades.settle-cash` job: settles every open authorization whose trade has closed, so cash left
 * held by a crash, a provider outage or a step the listener missed is captured or released within a
 * minute. Safe to run any number of times, on any number of instances (settling is a compare-and-set).
 */
export async function settleClosedTradesCash(ctx: AppContext): Promise<void> {
  for (const { tradeId } of await findOpenCashAuthorizations(ctx, 100)) {
    const trade = await findTradeById(ctx.db, tradeId);
    if (trade) await settleCashOfTrade(ctx, trade);
  }
}
