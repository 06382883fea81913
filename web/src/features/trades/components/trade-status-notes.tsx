import type { Trade } from '@soleswap/contracts/trades';
import { CircleAlert, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { partyName } from '../format-trade';
import { tradePerspective } from '../trade-perspective';

function Note({ tone = 'muted', icon, children }: { tone?: 'muted' | 'warning'; icon?: ReactNode; children: ReactNode }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'warning' ? 'rounded-lg border border-warning/40 bg-warning/10 p-2.5 text-warning' : 'text-muted',
      )}
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** What the trade is waiting for, in words: the response, a cancel request, a dispute, availability. */
export function TradeStatusNotes({ trade }: { trade: Trade }) {
  const name = partyName(trade.counterparty);
  const { me, them } = tradePerspective(trade);
  const notes: ReactNode[] = [];

  if (trade.parentTradeId !== null) {
    notes.push(<Note key="counter">Counter-offer to trade #{trade.parentTradeId}.</Note>);
  }
  if (trade.isUnavailable) {
    notes.push(
      <Note key="unavailable" tone="warning" icon={<CircleAlert aria-hidden="true" />}>
        <strong>No longer available</strong>: a sneaker in this trade was hidden, removed, or is locked in another trade, so it cannot be accepted.
      </Note>,
    );
  }
  if (trade.status === 'pending' && trade.myRole === 'proposer') {
    notes.push(
      <Note key="waiting" icon={<Hourglass aria-hidden="true" />}>
        Waiting for response...
      </Note>,
    );
  }
  if (trade.status === 'accepted' && them.cancelRequestedAt && !me.cancelRequestedAt) {
    notes.push(
      <Note key="cancel-asked" tone="warning" icon={<CircleAlert aria-hidden="true" />}>
        {name} asked to cancel this trade. If you request cancel too, the trade is cancelled and escrow refunded.
      </Note>,
    );
  }
  if (trade.status === 'accepted' && me.cancelRequestedAt && !them.cancelRequestedAt) {
    notes.push(<Note key="cancel-mine">You asked to cancel. Waiting for {name} to agree.</Note>);
  }
  if (trade.status === 'disputed') {
    const opener = trade.disputedById === trade.counterparty.id ? name : 'You';
    notes.push(
      <Note key="dispute" tone="warning" icon={<CircleAlert aria-hidden="true" />}>
        {opener} opened a dispute{trade.disputeReason ? `: “${trade.disputeReason}”` : ''}. An admin will resolve it.
      </Note>,
    );
  }
  if (trade.status === 'completed') {
    notes.push(<Note key="completed">Trade complete: the sneakers now belong to their new owners.</Note>);
  }

  return notes.length > 0 ? <div className="flex flex-col gap-2">{notes}</div> : null;
}
