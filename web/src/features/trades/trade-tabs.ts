import type { Trade } from '@soleswap/contracts/trades';

/**
 * The tabs of the trade management page (see docs/web-client.md#screens-and-routes); pending is
 * the default. A status tab lists the trades of that status (the server filters), 'all' every trade.
 */
export const TRADE_TABS = ['pending', 'accepted', 'completed', 'all'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

/** The tab a trade is listed under first: its own status tab, else All. */
export function tabOfTrade(trade: Pick<Trade, 'status'>): TradeTab {
  return TRADE_TABS.find((tab) => tab !== 'all' && tab === trade.status) ?? 'all';
}
