import type { Trade, TradeStatus } from '@soleswap/contracts/trades';

/** The tabs of the trade management page (see docs/web-client.md#screens-and-routes); pending is the default. */
export const TRADE_TABS = ['pending', 'accepted', 'completed', 'all'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

/** The trades a tab lists: its own status, or every trade for 'all'. */
export function tradesInTab(trades: readonly Trade[], tab: TradeTab): Trade[] {
  return tab === 'all' ? [...trades] : trades.filter((t) => t.status === (tab satisfies TradeStatus));
}

/** Counts for the four stat cards and the tab labels. */
export function countTrades(trades: readonly Trade[]): Record<TradeTab, number> {
  return {
    pending: tradesInTab(trades, 'pending').length,
    accepted: tradesInTab(trades, 'accepted').length,
    completed: tradesInTab(trades, 'completed').length,
    all: trades.length,
  };
}

/** The tab a trade is listed under first: its own status tab, else All. */
export function tabOfTrade(trade: Pick<Trade, 'status'>): TradeTab {
  return TRADE_TABS.find((tab) => tab !== 'all' && tab === trade.status) ?? 'all';
}
