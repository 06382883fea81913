import { Repeat2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Trade } from '@soleswap/contracts/trades';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useTradesTab } from '../api/get-trades';
import { tradeEntryId } from '../hooks/use-linked-trade';
import { tabOfTrade, type TradeTab } from '../trade-tabs';
import { TradeCard, type TradeChatSlot } from './trade-card';

const EMPTY_STATES: Record<TradeTab, { title: string; text: string }> = {
  pending: { title: 'No pending trades', text: 'Proposals you send or receive wait here for an answer.' },
  accepted: { title: 'No accepted trades', text: 'Accepted trades sit here, locked in escrow, until both sides receive.' },
  completed: { title: 'No completed trades yet', text: 'Finished swaps show up here, ready for you to rate your partner.' },
  all: { title: 'No trades yet', text: 'Find a pair you like on Browse and propose your first trade.' },
};

/** Three skeleton cards while the trades load (see docs/web-client.md#timings-and-counts). */
function TradeSkeletons() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading trades
      </span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} data-testid="trade-skeleton" className="h-56 rounded-2xl" />
      ))}
    </div>
  );
}

function EmptyTab({ tab }: { tab: TradeTab }) {
  const { title, text } = EMPTY_STATES[tab];
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <Repeat2 className="size-10 text-muted" aria-hidden="true" />
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-muted">{text}</p>
      <Link href="/browse" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-2' })}>
        Browse sneakers
      </Link>
    </Card>
  );
}

/** The linked trade, its highlight and the ref that brings it into view (see useLinkedTrade). */
export interface LinkedEntry {
  highlightedId: number | null;
  entryRef: (entry: HTMLElement | null) => void;
  trade?: Trade;
}

/**
 * One tab's trades, newest first, a page at a time: the first page loads with the tab, "Load
 * more" appends the next until the member has seen every trade of the tab.
 */
export function TradeTabList({ tab, chat, linked }: { tab: TradeTab; chat?: TradeChatSlot; linked: LinkedEntry }) {
  const list = useTradesTab(tab);
  if (list.isLoading) return <TradeSkeletons />;
  if (!list.data) return <LoadError message="Couldn't load your trades." onRetry={() => void list.refetch()} />;
  // A trade that moved between two page loads may come twice; it is listed once.
  const seen = new Set<number>();
  const loaded = list.data.pages.flatMap((page) => page.trades).filter((t) => !seen.has(t.id) && seen.add(t.id));
  // The trade a link opened comes first while the page holding it is not loaded yet.
  const pinned = linked.trade && tabOfTrade(linked.trade) === tab && !seen.has(linked.trade.id) ? [linked.trade] : [];
  const trades = [...pinned, ...loaded];
  if (trades.length === 0) return <EmptyTab tab={tab} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {trades.map((trade) => (
          <li
            key={trade.id}
            id={tradeEntryId(trade.id)}
            ref={linked.entryRef}
            // Focusable only from script: the trade a link (a notification) opened.
            tabIndex={-1}
            aria-current={trade.id === linked.highlightedId ? 'true' : undefined}
            className={cn(
              'scroll-mt-24 rounded-2xl outline-none',
              trade.id === linked.highlightedId && 'ring-2 ring-accent ring-offset-2 ring-offset-background',
            )}
          >
            <TradeCard trade={trade} chat={chat} />
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError ? <LoadError message="Couldn't load more trades." onRetry={() => void list.fetchNextPage()} /> : null}
      {list.hasNextPage && !list.isFetchNextPageError ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
