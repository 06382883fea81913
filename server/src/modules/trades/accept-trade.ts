import { randomUUID } from 'node:crypto';
import type { AcceptTrade, Trade } from '@soleswap/contracts/trades';
import { MINUTE_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { retryingDeadlocks } from '../../db/within-transaction';
import { AppError } from '../../errors';
import { inTransaction } from '../../http/events-after-commit';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { authorizeTradeMoney, type MoneyToAuthorize } from '../wallet/authorize-trade-cash';
import { releaseOpenAuthorizations } from '../wallet/settle-trade-cash';
import { viaAuthenticationFor } from './authentication-route';
import { namedCardDecline } from './card-declined-at-acceptance';
import { paymentMethodOfReceiver } from './cash-rules';
import { tradeCashOf } from './trade-cash';
import { tradeCentre } from './trade-centre';
import { refuseViaCentreWithoutShipTos } from './via-centre-ship-tos';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';
import { claimAcceptance, endAcceptanceClaim, findTradeById, type TradeRow } from './trades.repository';

/**
 * How long an acceptance's claim on a trade lasts at most: longer than the work it guards can take
 * (three provider calls to authorize and three to release, each given up after CASH_CALL_TIMEOUT_MS,
 * and a few transactions), so only a claim whose process died lapses.
 */
export const ACCEPTANCE_CLAIM_LAPSES_AFTER_MS = 2 * MINUTE_MS;

/** A pending trade whose acceptance puts money on a card: cash on a side, or a protection hold. */
const holdsMoney = (trade: TradeRow) => tradeCashOf(trade) !== null || trade.proposerHoldCents > 0 || trade.receiverHoldCents > 0;

/**
 * An acceptance that holds cash or a protection hold calls the payment provider: the route claims its
 * Idempotency-Key first and runs it with no transaction open (docs/rules/payments.md).
 */
export async function acceptCallsProvider(ctx: AppContext, tradeId: number): Promise<boolean> {
  const trade = await findTradeById(ctx.db, tradeId);
  return trade !== null && trade.status === 'pending' && holdsMoney(trade);
}

/**
 * What the acceptance authorizes: the trade's cash on the payer's card, and each side's protection
 * hold on that side's card (the proposer's saved with the proposal, the receiver's sent now), or on
 * that side's wallet balance when they chose to pay from it.
 */
function moneyToAuthorize(ctx: AppContext, trade: TradeRow, input: AcceptTrade | undefined): MoneyToAuthorize[] {
  const cash = tradeCashOf(trade);
  const receiverPays = cash?.payerId === trade.receiverId || trade.receiverHoldCents > 0;
  const receiverMethod = receiverPays ? paymentMethodOfReceiver(ctx, input?.cashCard, input?.cashSource) : null;
  const methodOf = (payerId: string) => {
    const method = payerId === trade.receiverId ? receiverMethod : trade.cashPaymentMethod;
    if (!method) throw new Error(`trade ${trade.id} holds the proposer's money without a payment method`);
    return method;
  };
  const items: MoneyToAuthorize[] = [];
  if (cash) items.push({ purpose: 'trade_cash', ...cash, paymentMethod: methodOf(cash.payerId) });
  const holds = [
    { payerId: trade.proposerId, payeeId: trade.receiverId, amountCents: trade.proposerHoldCents },
    { payerId: trade.receiverId, payeeId: trade.proposerId, amountCents: trade.receiverHoldCents },
  ];
  for (const hold of holds) {
    if (hold.amountCents > 0) items.push({ purpose: 'protection_hold', ...hold, paymentMethod: methodOf(hold.payerId) });
  }
  return items;
}

/**
 * The receiver accepts a pending trade: every sneaker of both sides is locked in escrow in one
 * transaction (409 SNEAKER_LOCKED naming the sneaker when one is gone, moved, hidden or locked
 * elsewhere), the ledger records the lock, and each side has SHIP_DEADLINE_DAYS to ship. A pair
 * flagged for review needs `acknowledgeFlagged` (409 TRADE_FLAGGED_UNACKNOWLEDGED), kept on the trade.
 * `shipToAddressId` (one of the receiver's own addresses, else 400 and nothing changes) is where the
 * proposer's parcel should go, recorded in the same transaction (docs/rules/addresses.md).
 * A trade via authentication (the proposer's or receiver's choice, or the operator's rule) opens
 * one inspection per pair in the same transaction (docs/rules/inspection.md), and needs both
 * members' ship-to by then (409 SHIP_TO_MISSING naming whose, and nothing changes).
 *
 * A trade with cash or protection holds first authorizes them all on the payers' cards, outside any
 * transaction (wallet/authorize-trade-cash.ts): a declined card is 402 PAYMENT_DECLINED and nothing
 * locks; when it is the proposer's card the receiver is told whose, and the proposer is notified
 * (card-declined-at-acceptance.ts). What a payer pays from their wallet (`cashSource: 'wallet'`, their cash and their hold alike)
 * is debited from the balance instead; a balance short of it is 409 INSUFFICIENT_BALANCE and nothing
 * locks. If the acceptance then fails, everything authorized is released (given back to the balance).
 *
 * An acceptance that loses owns nothing it can release (docs/rules/money.md#cash-in-a-trade, "One acceptance at a time"):
 * before it authorizes anything, the acceptance claims the trade (`trades.acceptance_claim`, its own
 * random id), and a second acceptance of the trade meanwhile, from another tab or instance, is
 * refused with 409 CONFLICT before it touches any money. So the authorizations a failing acceptance
 * releases are its own, never those another acceptance is about to accept the trade with; it
 * releases them only while its claim is still its own. The claim ends with the attempt, or lapses
 * after ACCEPTANCE_CLAIM_LAPSES_AFTER_MS if its process died (the next acceptance reuses what that
 * one authorized). A deadlock PostgreSQL broke by ending the acceptance's transaction runs it again.
 */
export async function acceptTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input?: AcceptTrade },
): Promise<Trade> {
  const shipToAddressId = input?.shipToAddressId;
  const before = await findTradeById(ctx.db, tradeId);
  const viaAuthentication = before ? await viaAuthenticationFor(ctx, { sides: before, chosen: input?.viaAuthentication }) : false;
  const accept = async () => {
    const trade = await retryingDeadlocks(ctx.db, () =>
      inTransaction(ctx, async (txCtx) => {
        const { trade: accepted } = await runTradeTransition(txCtx, {
          tradeId,
          actor,
          action: 'accept',
          acknowledgeFlagged: input?.acknowledgeFlagged,
          viaAuthentication,
        });
        // Both pairs now travel through the centre: one inspection each (docs/rules/inspection.md).
        if (accepted.viaAuthentication) await tradeCentre().openInspections(txCtx.db, accepted);
        if (shipToAddressId !== undefined) {
          await chooseShipTo(txCtx.db, { tradeId, userId: actor.id, addressId: shipToAddressId, at: txCtx.now(), field: 'shipToAddressId' });
        }
        // Nothing leaves the centre without a destination: both members' ship-to, before it binds.
        if (accepted.viaAuthentication) await refuseViaCentreWithoutShipTos(txCtx.db, accepted);
        return accepted;
      }),
    );
    return buildTradeView(ctx.db, trade, actor);
  };

  // Only the receiver of a pending trade gets as far as a card; anyone else is refused by the machine.
  if (!before || !holdsMoney(before) || before.status !== 'pending' || before.receiverId !== actor.id) return accept();
  // A via-centre acceptance that will be refused for a missing ship-to touches no card first.
  if (viaAuthentication) await refuseViaCentreWithoutShipTos(ctx.db, before, { receiverChoosing: shipToAddressId !== undefined });
  const claim = randomUUID();
  const at = ctx.now();
  if (!(await claimAcceptance(ctx.db, { tradeId, claim, at, lapsedBefore: new Date(at.getTime() - ACCEPTANCE_CLAIM_LAPSES_AFTER_MS) }))) {
    // No longer pending: the machine says why. Still pending: another acceptance holds it.
    if ((await findTradeById(ctx.db, tradeId))?.status !== 'pending') return accept();
    throw new AppError('CONFLICT', 'This trade is being accepted in another window; reload it in a moment');
  }
  try {
    try {
      await authorizeTradeMoney(ctx, { tradeId, items: moneyToAuthorize(ctx, before, input) });
    } catch (error) {
      // A decline names whose card failed; the proposer is told when it was theirs (issue #42).
      throw error instanceof AppError && error.code === 'PAYMENT_DECLINED'
        ? await namedCardDecline(ctx, { trade: before, actorId: actor.id, error })
        : error;
    }
    try {
      return await accept();
    } catch (error) {
      // Only what this acceptance authorized, and only while the trade is still its own to accept.
      const after = await findTradeById(ctx.db, tradeId);
      if (after && after.status !== 'accepted' && after.acceptanceClaim === claim) await releaseOpenAuthorizations(ctx, tradeId);
      throw error;
    }
  } finally {
    await endAcceptanceClaim(ctx.db, tradeId, claim);
  }
}
