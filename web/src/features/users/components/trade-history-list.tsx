import type { HistorySneaker, TradeHistoryEntry } from '@soleswap/contracts/users';
import { ArrowLeftRight, History, Star } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useTradeHistory } from '../api/get-trade-history';
import { profileDisplayName } from './profile-header';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Pairs({ label, sneakers }: { label: string; sneakers: HistorySneaker[] }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</span>
      <ul className="flex flex-col gap-0.5 text-sm">
        {sneakers.map((s) => (
          <li key={s.id} className="truncate">
            {s.name ?? 'A pair no longer listed'}
            {s.size ? <span className="text-muted"> · {s.size}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Score({ label, score }: { label: string; score: number | null }) {
  return (
    <span className="inline-flex items-center gap-1">
      {label}:{' '}
      {score === null ? (
        <span className="text-muted">not rated</span>
      ) : (
        <>
          <Star aria-hidden="true" className="size-3.5 text-accent" />
          <span>{`${score}/5`}</span>
        </>
      )}
    </span>
  );
}

function HistoryCard({ entry }: { entry: TradeHistoryEntry }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          Traded with{' '}
          <Link href={`/profile/${entry.counterparty.id}`} className="font-semibold hover:underline">
            {profileDisplayName(entry.counterparty)}
          </Link>
        </span>
        <time dateTime={entry.completedAt} className="text-muted">
          {dateFormat.format(new Date(entry.completedAt))}
        </time>
      </div>
      <div className="flex items-start gap-3">
        <Pairs label="Gave" sneakers={entry.gave} />
        <ArrowLeftRight aria-hidden="true" className="mt-5 size-4 shrink-0 text-muted" />
        <Pairs label="Got" sneakers={entry.received} />
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <Score label="Rating given" score={entry.ratingGiven} />
        <Score label="Rating received" score={entry.ratingReceived} />
      </div>
    </Card>
  );
}

/** The profile's Trade History tab: the member's completed trades, newest first. */
export function TradeHistoryList({ userId }: { userId: string }) {
  const history = useTradeHistory(userId);
  if (history.isLoading) {
    return (
      <div role="status" aria-label="Loading trade history" className="flex flex-col gap-2">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  }
  if (history.isError) {
    return <LoadError message="Couldn't load the trade history." onRetry={() => void history.refetch()} className="p-6" />;
  }
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (entries.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted">
        <History aria-hidden="true" className="size-8" />
        <p>No completed trades yet.</p>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Completed trades" className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={entry.tradeId}>
            <HistoryCard entry={entry} />
          </li>
        ))}
      </ul>
      {history.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
