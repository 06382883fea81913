import { DAY_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import type { CatalogPrices, TradeValue } from './internal-market-source';
import { TRADE_WINDOW_DAYS } from './internal-market-source';
import type { MarketQuoteInput } from './market-data-source';
import { findCatalogPrices } from './verification-subjects';
import { findTradeValues } from './verification.repository';

/**
 * Reads what the internal market source blends: the catalogue prices of the linked release (or
 * of the release with the listing's style code) and the values completed trades put on pairs
 * like this one within the window the blend still counts.
 */
export async function loadInternalMarket(ctx: AppContext, input: MarketQuoteInput): Promise<{ catalog: CatalogPrices | null; trades: TradeValue[] }> {
  const since = new Date(ctx.now().getTime() - TRADE_WINDOW_DAYS * DAY_MS);
  const [catalog, trades] = await Promise.all([findCatalogPrices(ctx.db, input), findTradeValues(ctx.db, input, since)]);
  return { catalog, trades };
}
