import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TradeCounts } from '@soleswap/contracts/trades';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useTradeCounts } from '../api/get-trades';
import { useLinkedTrade } from '../hooks/use-linked-trade';
import { TRADE_TABS, type TradeTab } from '../trade-tabs';
import type { TradeChatSlot } from './trade-card';
import { TradeStats } from './trade-stats';
import { TradeTabList } from './trade-tab-list';

const TAB_LABELS: Record<TradeTab, string> = { pending: 'Pending', accepted: 'Accepted', completed: 'Completed', all: 'All' };

const NO_COUNTS: TradeCounts = { pending: 0, accepted: 0, completed: 0, all: 0 };

/**
 * Trade management (/trades): counts, status tabs and a card per trade (see docs/web-client.md#screens-and-routes); the app hands in the chat.
 * The counts come from the server; each tab loads its own trades a page at a time.
 * `?trade=<id>` opens the tab with that trade and brings it into view.
 */
export function TradesPage({ chat }: { chat?: TradeChatSlot } = {}) {
  const counts = useTradeCounts();
  const [tab, setTab] = useState<TradeTab>('pending');
  const linked = useLinkedTrade(setTab);
  const isCounting = !counts.data;

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
        <TradeStats counts={counts.data ?? NO_COUNTS} isLoading={isCounting} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as TradeTab)}>
          {/* Two rows of two on phones, so the fourth tab is not hidden off the edge. */}
          <TabsList aria-label="Trades by status" className="max-sm:grid max-sm:grid-cols-2">
            {TRADE_TABS.map((t) => (
              <TabsTrigger key={t} value={t} className="whitespace-nowrap">
                {TAB_LABELS[t]} ({isCounting ? '–' : counts.data[t]})
              </TabsTrigger>
            ))}
          </TabsList>
          {TRADE_TABS.map((t) => (
            <TabsContent key={t} value={t}>
              <TradeTabList tab={t} chat={chat} linked={linked} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </Page>
  );
}
