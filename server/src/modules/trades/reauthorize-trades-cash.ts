import type { TradeStatus } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { findCashToReauthorize, reauthorizeCash, releaseReplacementOf } from '../wallet/reauthorize-cash';
import { findTradeById } from './trades.repository';

/** A trade whose cash is held and still to settle. */
const OPEN: readonly string[] = ['accepted', 'disputed'] satisfies TradeStatus[];

/**
 * The `trades.reauthorize-cash` job (docs/decisions/010): a card hold authorized about 6 days ago on
 * a trade still accepted or disputed is re-authorized before the card network lets it lapse; a
 * closed trade's hold is left to the settle job. Re-authorizations an outage left requested are
 * finished too, or released once their trade has closed. Safe on any number of instances (wallet/reauthorize-cash.ts).
 */
export async function reauthorizeTradesCash(ctx: AppContext): Promise<void> {
  for (const { id, tradeId } of await findCashToReauthorize(ctx, 100)) {
    if (tradeId === null) continue; // a loop's: loops/reauthorize-loops-holds.ts
    const trade = await findTradeById(ctx.db, tradeId);
    if (trade && OPEN.includes(trade.status)) await reauthorizeCash(ctx, id);
    else await releaseReplacementOf(ctx, id);
  }
}
