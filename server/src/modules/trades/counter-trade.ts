import type { CounterTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { inTransaction } from '../../http/events-after-commit';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { viaAuthenticationFor } from './authentication-route';
import { paymentMethodOfProposer } from './cash-rules';
import { protectionHoldsForProposal } from './protection-hold-amounts';
import { findTradeById } from './trades.repository';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The receiver of a pending trade answers with a counter-offer: the original becomes
 * 'countered' and a new pending trade in the other direction (parentTradeId = the original)
 * is created under the same proposal rules. Returns the new trade. The counter-proposer's
 * `shipToAddressId`, if given, is recorded on the new trade in the same transaction.
 */
export async function counterTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: CounterTrade },
): Promise<Trade> {
  // The counter-proposer is the trade's receiver; anyone else is refused by the machine below.
  const original = await findTradeById(ctx.db, tradeId);
  const holds = original
    ? await protectionHoldsForProposal(ctx, { ...input, proposerId: actor.id, receiverId: original.proposerId })
    : { proposerHoldCents: 0, receiverHoldCents: 0 };
  const cashPaymentMethod = await paymentMethodOfProposer(ctx, { ...input, ...holds }, actor.id);
  const viaAuthentication = await viaAuthenticationFor(ctx, { sides: input, chosen: input.viaAuthentication });
  const offer = { ...input, viaAuthentication };
  const created = await inTransaction(ctx, async (txCtx) => {
    const { created: counter } = await runTradeTransition(txCtx, { tradeId, actor, action: 'counter', counter: offer, cashPaymentMethod, holds });
    if (input.shipToAddressId !== undefined) {
      await chooseShipTo(txCtx.db, {
        tradeId: counter!.id,
        userId: actor.id,
        addressId: input.shipToAddressId,
        at: txCtx.now(),
        field: 'shipToAddressId',
      });
    }
    return counter!;
  });
  return buildTradeView(ctx.db, created, actor);
}
