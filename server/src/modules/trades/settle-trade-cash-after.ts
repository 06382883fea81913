import type { AppContext } from '../../context';
import { findOpenCashAuthorizations } from '../wallet/find-open-cash-authorizations';
import { settleTradeMoney } from '../wallet/settle-trade-cash';
import { MONEY_ENDED_ON, tradeMoneyFacts } from './protection-holds';
import { findTradeById } from './trades.repository';

/**
 * Settles a trade's money once its step committed (the 'trade.changed' listener, never inside the
 * step's transaction), from what the trade's ending says (protection-holds.ts): its cash is captured
 * once it completed (by receipt, or a dispute resolved as completed) and released once it ended any
 * other way; a side's protection hold is captured for the other side once that side missed the ship
 * deadline or lost a dispute, and released at completion and on every other ending. Nothing moves
 * while the trade runs.
 */
export async function settleCashOfTrade(ctx: AppContext, trade: { id: number; status?: string }): Promise<void> {
  if (trade.status !== undefined && !MONEY_ENDED_ON.includes(trade.status)) return;
  const row = await findTradeById(ctx.db, trade.id);
  if (!row) return;
  const facts = tradeMoneyFacts(row);
  if (facts.hasEnded) await settleTradeMoney(ctx, facts);
}

/**
 * The `trades.settle-cash` job: settles every open authorization whose trade has closed, so money left
 * held by a crash, a provider outage or a step the listener missed is captured or released within a
 * minute. Safe to run any number of times, on any number of instances (settling is a compare-and-set).
 */
export async function settleClosedTradesCash(ctx: AppContext): Promise<void> {
  const tradeIds = new Set((await findOpenCashAuthorizations(ctx, 100)).flatMap((a) => (a.tradeId === null ? [] : [a.tradeId])));
  for (const tradeId of tradeIds) await settleCashOfTrade(ctx, { id: tradeId });
}
