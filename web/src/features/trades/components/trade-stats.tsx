import { CircleCheck, Clock, Handshake, Repeat2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import type { TradeTab } from '../trade-tabs';

const STATS: Array<{ tab: TradeTab; label: string; icon: ReactNode }> = [
  { tab: 'pending', label: 'Pending', icon: <Clock /> },
  { tab: 'accepted', label: 'Accepted', icon: <Handshake /> },
  { tab: 'completed', label: 'Completed', icon: <CircleCheck /> },
  { tab: 'all', label: 'Total', icon: <Repeat2 /> },
];

/** The four stat cards: Pending, Accepted, Completed, Total (see docs/web-client.md#screens-and-routes). */
export function TradeStats({ counts, isLoading }: { counts: Record<TradeTab, number>; isLoading: boolean }) {
  return (
    <ul aria-label="Trade counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {STATS.map((stat) => (
        <li key={stat.tab}>
          <Card className="flex items-center gap-3 p-4">
            <span aria-hidden="true" className="rounded-xl bg-surface-raised p-2.5 text-accent [&_svg]:size-5">
              {stat.icon}
            </span>
            <span className="flex flex-col">
              <span className="font-display text-2xl font-extrabold">{isLoading ? '–' : counts[stat.tab]}</span>
              <span className="text-sm text-muted">{stat.label}</span>
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
