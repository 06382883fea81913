import type { LedgerEntry } from '@soleswap/contracts/ledger';
import { Link } from 'wouter';
import { cn } from '../../../lib/cn';
import { eventLabel, formatLedgerTime } from '../format-ledger';
import { shortenHash } from '../../../lib/format';

/** A trade the reader is part of: its entries are named by the trade's number ("trade #4", "loop #2"), not its reference. */
export interface KnownTrade {
  tradeRef: string;
  label: string;
}

/** The entries around the one shown, oldest first, each linked to its own page. */
export function LedgerChain({
  entries,
  currentId,
  knownTrade = null,
}: {
  entries: LedgerEntry[];
  currentId: number;
  knownTrade?: KnownTrade | null;
}) {
  const ordered = [...entries].sort((a, b) => a.id - b.id);
  return (
    <ol className="flex flex-col gap-1.5">
      {ordered.map((entry) => {
        const isCurrent = entry.id === currentId;
        const body = (
          <>
            <span className="font-semibold">#{entry.id}</span>
            <span>{eventLabel(entry.event)}</span>
            <span className="text-muted">{knownTrade?.tradeRef === entry.tradeRef ? knownTrade.label : `ref ${entry.tradeRef.slice(0, 8)}`}</span>
            <span className="text-muted">{formatLedgerTime(entry.createdAt)}</span>
            <code className="font-mono text-xs text-muted sm:ml-auto">{shortenHash(entry.hash)}</code>
          </>
        );
        const classes = cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm',
          isCurrent ? 'border-accent bg-accent/10' : 'border-border hover:border-muted',
        );
        return (
          <li key={entry.id}>
            {isCurrent ? (
              <div aria-current="true" className={classes}>
                {body}
              </div>
            ) : (
              <Link href={`/ledger/${entry.hash}`} className={classes} aria-label={`Entry #${entry.id}: ${eventLabel(entry.event)}`}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
