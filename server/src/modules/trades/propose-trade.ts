import type { CreateTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { viaAuthenticationFor } from './authentication-route';
import { paymentMethodOfProposer } from './cash-rules';
import { insertProposal } from './insert-proposal';
import { protectionHoldsForProposal } from './protection-hold-amounts';
import { publishTradeChanged } from './publish-trade-changed';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * A member proposes a trade (POST /api/trades): their sneakers for some of the receiver's.
 * Every rule of docs/rules/trades.md#proposals is checked here; the proposal expires after PROPOSAL_TTL_DAYS.
 */
export async function proposeTrade(ctx: AppContext, { actor, input }: { actor: TradeViewer; input: CreateTrade }): Promise<Trade> {
  // The protection holds are fixed now, so both sides see them before they commit (docs/rules/money.md).
  const holds = await protectionHoldsForProposal(ctx, { ...input, proposerId: actor.id });
  const cashPaymentMethod = await paymentMethodOfProposer(ctx, { ...input, ...holds }, actor.id);
  const viaAuthentication = await viaAuthenticationFor(ctx, { sides: input, chosen: input.viaAuthentication });
  const trade = await ctx.db.transaction(async (tx) => {
    const inserted = await insertProposal(tx, { ...input, ...holds, viaAuthentication, cashPaymentMethod, proposerId: actor.id, at: ctx.now() });
    // Where the receiver's parcel should go, if the proposer chose already (docs/rules/addresses.md).
    if (input.shipToAddressId !== undefined) {
      await chooseShipTo(tx, { tradeId: inserted.id, userId: actor.id, addressId: input.shipToAddressId, at: ctx.now(), field: 'shipToAddressId' });
    }
    await publishTradeChanged(tx, [{ trade: inserted, action: 'propose' }]);
    return inserted;
  });
  ctx.events.emit('trade.changed', {
    tradeId: trade.id,
    action: 'propose',
    actorId: actor.id,
    status: trade.status,
    userIds: [trade.proposerId, trade.receiverId],
  });
  return buildTradeView(ctx.db, trade, actor);
}
