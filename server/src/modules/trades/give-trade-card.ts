import type { GiveTradeCard } from '@soleswap/contracts/trades';
import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { assertNotBlocked } from '../blocks/block-guard';
import { moneyProviderFor } from '../payments/payment-providers';
import { canSeeTrade } from './trade-access';
import { tradeCashOf } from './trade-cash';
import { buildTradeView, type TradeViewer } from './trade-view';
import { findTradeById, updateTradeFrom } from './trades.repository';

/**
 * The proposer of a pending trade gives another card (issue #42): the one given with the proposal
 * was declined when the receiver tried to accept, and they were told so (card-declined-at-acceptance.ts).
 * It replaces the payment method the acceptance authorizes for the proposer's cash and protection
 * hold; nothing is held until the receiver accepts again. Refused (409) when the trade is no longer
 * pending or the proposer's side holds nothing; 403 for anyone but the proposer, and while either
 * member blocks the other (the trade cannot be accepted then either).
 */
export async function giveTradeCard(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: GiveTradeCard },
): Promise<Trade> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, actor)) throw notFound('Trade');
  if (trade.proposerId !== actor.id) throw forbidden('Only the member who proposed this trade gives a card for it');
  if (trade.status !== 'pending') throw new AppError('TRADE_INVALID_TRANSITION', 'This trade is no longer pending: its money is settled');
  await assertNotBlocked(ctx.db, trade.proposerId, trade.receiverId);
  const proposerPays = tradeCashOf(trade)?.payerId === trade.proposerId || trade.proposerHoldCents > 0;
  if (!proposerPays) throw new AppError('CONFLICT', 'Your side of this trade holds nothing on a card');
  const paymentMethod = moneyProviderFor(ctx).paymentMethodFor(input.cashCard);
  const updated = await updateTradeFrom(ctx.db, tradeId, 'pending', { cashPaymentMethod: paymentMethod });
  if (!updated) throw new AppError('TRADE_INVALID_TRANSITION', 'This trade is no longer pending: its money is settled');
  return buildTradeView(ctx.db, updated, actor);
}
