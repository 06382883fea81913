import type { AcceptTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { inTransaction } from '../../http/events-after-commit';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { openInspections } from '../inspection/open-inspections';
import { authorizeTradeCash } from '../wallet/authorize-trade-cash';
import { settleTradeCash } from '../wallet/settle-trade-cash';
import { viaAuthenticationFor } from './authentication-route';
import { paymentMethodOfReceiver } from './cash-rules';
import { tradeCashOf } from './trade-cash';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

/**
 * An acceptance that holds cash calls the payment provider: the route claims its Idempotency-Key
 * first and runs it with no transaction open (docs/rules/payments.md).
 */
export async function acceptCallsProvider(ctx: AppContext, tradeId: number): Promise<boolean> {
  const trade = await findTradeById(ctx.db, tradeId);
  return trade !== null && trade.status === 'pending' && tradeCashOf(trade) !== null;
}

/**
 * The receiver accepts a pending trade: every sneaker of both sides is locked in escrow in one
 * transaction (409 SNEAKER_LOCKED naming the sneaker when one is gone, moved, hidden or locked
 * elsewhere), the ledger records the lock, and each side has SHIP_DEADLINE_DAYS to ship. A pair
 * flagged for review needs `acknowledgeFlagged` (409 TRADE_FLAGGED_UNACKNOWLEDGED), kept on the trade.
 * `shipToAddressId` (one of the receiver's own addresses, else 400 and nothing changes) is where the
 * proposer's parcel should go, recorded in the same transaction (docs/rules/addresses.md).
 * A trade via authentication (the proposer's or receiver's choice, or the operator's rule) opens
 * one inspection per pair in the same transaction (docs/rules/inspection.md).
 *
 * A trade with cash first holds it on the payer's card (the receiver's card sent now, or the one the
 * proposer gave), outside any transaction (wallet/authorize-trade-cash.ts): a declined card is
 * 402 PAYMENT_DECLINED and nothing locks. Cash paid from the payer's wallet (`cashSource: 'wallet'`)
 * is debited from the balance instead; a balance short of it is 409 INSUFFICIENT_BALANCE and nothing
 * locks. If the acceptance then fails, the hold is released (given back to the balance).
 */
export async function acceptTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input?: AcceptTrade },
): Promise<Trade> {
  const shipToAddressId = input?.shipToAddressId;
  const before = await findTradeById(ctx.db, tradeId);
  const viaAuthentication = before ? await viaAuthenticationFor(ctx, { sides: before, chosen: input?.viaAuthentication }) : false;
  const accept = async () => {
    const trade = await inTransaction(ctx, async (txCtx) => {
      const { trade: accepted } = await runTradeTransition(txCtx, {
        tradeId,
        actor,
        action: 'accept',
        acknowledgeFlagged: input?.acknowledgeFlagged,
        viaAuthentication,
      });
      // Both pairs now travel through the centre: one inspection each (docs/rules/inspection.md).
      if (accepted.viaAuthentication) await openInspections(txCtx.db, accepted);
      if (shipToAddressId !== undefined) {
        await chooseShipTo(txCtx.db, { tradeId, userId: actor.id, addressId: shipToAddressId, at: txCtx.now(), field: 'shipToAddressId' });
      }
      return accepted;
    });
    return buildTradeView(ctx.db, trade, actor);
  };

  const cash = before ? tradeCashOf(before) : null;
  // Only the receiver of a pending trade gets as far as a card; anyone else is refused by the machine.
  if (!before || !cash || before.status !== 'pending' || before.receiverId !== actor.id) return accept();
  const paymentMethod =
    cash.payerId === before.receiverId ? paymentMethodOfReceiver(ctx, input?.cashCard, input?.cashSource) : before.cashPaymentMethod;
  if (!paymentMethod) throw new Error(`trade ${tradeId} carries proposer cash without a payment method`);
  await authorizeTradeCash(ctx, { tradeId, cash, paymentMethod });
  try {
    return await accept();
  } catch (error) {
    const after = await findTradeById(ctx.db, tradeId);
    if (after && after.status !== 'accepted') await settleTradeCash(ctx, { tradeId, event: 'release', isTradeCompleted: false });
    throw error;
  }
}
