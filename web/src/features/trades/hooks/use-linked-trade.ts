import type { Trade } from '@soleswap/contracts/trades';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { tabOfTrade, type TradeTab } from '../trade-tabs';

/** The DOM id of a trade's entry on the page. */
export const tradeEntryId = (tradeId: number) => `trade-entry-${tradeId}`;

function linkedTradeId(search: string): number | null {
  const raw = new URLSearchParams(search).get('trade');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The trade a link names (`/trades?trade=<id>`, as in notifications): once the trades are loaded,
 * switches to the tab listing it, then scrolls its entry into view and focuses it. Done once per
 * linked id, so the background refresh never pulls the member back after they moved on.
 * Returns the id to highlight (while the URL names it) and the ref every entry gets.
 */
export function useLinkedTrade(trades: readonly Trade[] | undefined, showTab: (tab: TradeTab) => void) {
  const linkedId = linkedTradeId(useSearch());
  const [shownId, setShownId] = useState<number | null>(null);
  const handledId = useRef<number | null>(null);
  const isFocusPending = useRef(false);

  useEffect(() => {
    if (linkedId === null || !trades || handledId.current === linkedId) return;
    const trade = trades.find((t) => t.id === linkedId);
    // Not in the list (yet): a later refresh may bring it, so it is not marked handled.
    if (!trade) return;
    handledId.current = linkedId;
    isFocusPending.current = true;
    showTab(tabOfTrade(trade));
    setShownId(linkedId);
  }, [linkedId, trades, showTab]);

  // A callback ref, because the tab's entries mount a render after the tab switch. A new shownId
  // makes React hand it every mounted entry again; an entry of the tab being left is skipped.
  const entryRef = useCallback(
    (entry: HTMLElement | null) => {
      if (!entry || shownId === null || !isFocusPending.current || entry.id !== tradeEntryId(shownId)) return;
      if (entry.closest('[role="tabpanel"]')?.getAttribute('data-state') === 'inactive') return;
      isFocusPending.current = false;
      entry.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      entry.focus({ preventScroll: true });
    },
    [shownId],
  );

  return { highlightedId: shownId !== null && shownId === linkedId ? shownId : null, entryRef };
}
