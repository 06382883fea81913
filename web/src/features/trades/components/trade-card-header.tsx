import type { Trade } from '@soleswap/contracts/trades';
import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { formatRelativeTime, formatReputation, partyName } from '../format-trade';
import { PartyAvatar } from './party-avatar';
import { TradeStatusBadge } from './trade-status-badge';

/** Who the trade is with (linked to their profile), their standing, and the trade's status. */
export function TradeCardHeader({ trade }: { trade: Trade }) {
  const party = trade.counterparty;
  const name = partyName(party);
  // Completed trades, the same figure as the "Trades" counter on their profile.
  const trades = party.totalTrades === 1 ? '1 completed trade' : `${party.totalTrades} completed trades`;
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <PartyAvatar party={party} />
        <div className="flex min-w-0 flex-col">
          <span className="text-xs text-muted">{trade.myRole === 'proposer' ? 'Proposed to' : 'Proposed by'}</span>
          <Link href={`/profile/${party.id}`} className="truncate font-semibold hover:text-accent hover:underline">
            {name}
          </Link>
          <span className="flex items-center gap-1 text-xs text-muted">
            <Star className="size-3 fill-premium text-premium" aria-hidden="true" />
            <span>
              <span className="sr-only">Reputation </span>
              {formatReputation(party.reputation)}
            </span>
            <span aria-hidden="true">·</span>
            <span>{trades}</span>
          </span>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <span className="text-xs text-muted">
          <span className="font-semibold text-foreground">#{trade.id}</span> ·{' '}
          <time dateTime={trade.createdAt}>{formatRelativeTime(trade.createdAt)}</time>
        </span>
        <TradeStatusBadge status={trade.status} />
      </div>
    </header>
  );
}
