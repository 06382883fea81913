import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useTrade } from '../api/get-trades';
import { tabOfTrade, type TradeTab } from '../trade-tabs';

/** The DOM id of a trade's entry on the page. */
export const tradeEntryId = (tradeId: number) => `trade-entry-${tradeId}`;

function linkedTradeId(search: string): number | null {
  const raw = new URLSearchParams(search).get('trade');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The trade a link names (`/trades?trade=<id>`, as in notifications): once it is loaded (one
 * request for that trade, since the tabs hold a page at a time), switches to the tab listing it,
 * then scrolls its entry into view and focuses it. Done once per linked id, so the background
 * refresh never pulls the member back after they moved on; a trade that is not the member's
 * changes nothing. Returns the id to highlight (while the URL names it), that trade, and the ref
 * every entry gets.
 */
export function useLinkedTrade(showTab: (tab: TradeTab) => void) {
  const linkedId = linkedTradeId(useSearch());
  const linked = useTrade(linkedId);
  const trade = linked.data?.id === linkedId ? linked.data : undefined;
  const [shownId, setShownId] = useState<number | null>(null);
  const handledId = useRef<number | null>(null);
  const isFocusPending = useRef(false);

  useEffect(() => {
    if (linkedId === null || !trade || handledId.current === linkedId) return;
    handledId.current = linkedId;
    isFocusPending.current = true;
    showTab(tabOfTrade(trade));
    setShownId(linkedId);
  }, [linkedId, trade, showTab]);

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

  const highlightedId = shownId !== null && shownId === linkedId ? shownId : null;
  // The trade itself, so its tab can show it before the page that holds it is loaded.
  return { highlightedId, entryRef, trade: highlightedId !== null ? trade : undefined };
}
