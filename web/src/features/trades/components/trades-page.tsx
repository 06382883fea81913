import { Repeat2, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useTrades } from '../api/get-trades';
import { countTrades, TRADE_TABS, tradesInTab, type TradeTab } from '../trade-tabs';
import { TradeCard, type TradeChatSlot } from './trade-card';
import { TradeStats } from './trade-stats';

const TAB_LABELS: Record<TradeTab, string> = { pending: 'Pending', accepted: 'Accepted', completed: 'Completed', all: 'All' };

const EMPTY_STATES: Record<TradeTab, { title: string; text: string }> = {
  pending: { title: 'No pending trades', text: 'Proposals you send or receive wait here for an answer.' },
  accepted: { title: 'No accepted trades', text: 'Accepted trades sit here, locked in escrow, until both sides receive.' },
  completed: { title: 'No completed trades yet', text: 'Finished swaps show up here, ready for you to rate your partner.' },
  all: { title: 'No trades yet', text: 'Find a pair you like on Browse and propose your first trade.' },
};

/** Spec 9: three skeleton cards while the trades load. */
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

/** Trade management (/trades): counts, status tabs and a card per trade (spec 2); the app hands in the chat. */
export function TradesPage({ chat }: { chat?: TradeChatSlot } = {}) {
  const trades = useTrades();
  const [tab, setTab] = useState<TradeTab>('pending');
  const list = trades.data ?? [];
  const counts = countTrades(list);

  return (
    <Page
      title="Trade Management"
      description="Your proposals, trades in escrow and finished swaps."
      actions={
        <Link href="/browse" className={buttonClasses()}>
          <Search aria-hidden="true" />
          Find sneakers to trade
        </Link>
      }
    >
      <div className="flex flex-col gap-6">
        <TradeStats counts={counts} isLoading={trades.isLoading} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as TradeTab)}>
          {/* Two rows of two on phones, so the fourth tab is not hidden off the edge. */}
          <TabsList aria-label="Trades by status" className="max-sm:grid max-sm:grid-cols-2">
            {TRADE_TABS.map((t) => (
              <TabsTrigger key={t} value={t} className="whitespace-nowrap">
                {TAB_LABELS[t]} ({trades.isLoading ? '–' : counts[t]})
              </TabsTrigger>
            ))}
          </TabsList>
          {TRADE_TABS.map((t) => (
            <TabsContent key={t} value={t}>
              {trades.isLoading ? (
                <TradeSkeletons />
              ) : trades.isError ? (
                <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center text-sm text-muted">
                  Couldn't load your trades.
                  <Button variant="outline" size="sm" onClick={() => void trades.refetch()}>
                    Try again
                  </Button>
                </Card>
              ) : tradesInTab(list, t).length === 0 ? (
                <EmptyTab tab={t} />
              ) : (
                <ul className="flex flex-col gap-4">
                  {tradesInTab(list, t).map((trade) => (
                    <li key={trade.id}>
                      <TradeCard trade={trade} chat={chat} />
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </Page>
  );
}
