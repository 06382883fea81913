import type { LedgerEntry, LedgerEntryDetails } from '@soleswap/contracts/ledger';
import { Link2, ShieldCheck } from 'lucide-react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError } from '../../../lib/api-client';
import { useLedgerEntryDetails } from '../api/get-ledger-entry-details';
import { useLedgerWindow } from '../api/get-ledger-window';
import { useVerifyLedger } from '../api/verify-ledger';
import { eventLabel, formatLedgerTime } from '../format-ledger';
import { LedgerChain } from './ledger-chain';
import { LedgerPrivateDetails } from './ledger-private-details';
import { LedgerRow as Row, monoClasses as mono } from './ledger-row';
import { LedgerVerificationResult } from './ledger-verification-result';

function EntryDetails({ entry }: { entry: LedgerEntry }) {
  return (
    <dl className="flex flex-col gap-3">
      <Row label="Event">
        {eventLabel(entry.event)} ({entry.event})
      </Row>
      <Row label="Trade reference">
        <code className={mono}>{entry.tradeRef}</code>
      </Row>
      <Row label="Entry">#{entry.id}</Row>
      <Row label="Time">
        <time dateTime={entry.createdAt}>{formatLedgerTime(entry.createdAt)}</time>
      </Row>
      <Row label="Commitment">
        <code className={mono}>{entry.commitment}</code>
      </Row>
      <Row label="Previous hash">
        <code className={mono}>{entry.prevHash}</code>
      </Row>
      <Row label="Hash">
        <code className={mono}>{entry.hash}</code>
      </Row>
    </dl>
  );
}

function WholeLedgerCheck() {
  const verify = useVerifyLedger();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Whole ledger</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted">Recompute every hash from the first entry to the last.</p>
        <Button variant="outline" className="self-start" disabled={verify.isFetching} onClick={() => void verify.refetch()}>
          <ShieldCheck aria-hidden="true" />
          {verify.isFetching ? 'Verifying...' : 'Verify whole ledger'}
        </Button>
        {verify.isError && !verify.isFetching ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn't verify the ledger right now. Try again in a minute.
          </p>
        ) : verify.data && !verify.isFetching ? (
          <LedgerVerificationResult verification={verify.data} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The "View on Blockchain" page (/ledger/:hash, public): one escrow event of the
 * hash-chained ledger, the chain around it, and its re-verification. Everyone sees the public
 * form (no names, trades or sneakers); a signed-in party of the trade also gets the details
 * behind it and their check against the entry's commitment.
 */
export function LedgerPage({ hash, isSignedIn = false }: { hash: string; isSignedIn?: boolean }) {
  const ledger = useLedgerWindow(hash);
  const details = useLedgerEntryDetails(hash, isSignedIn);
  const mine = isSignedIn && details.data && ledger.data ? details.data : null;
  const isNotFound = ledger.error instanceof ApiError && ledger.error.status === 404;

  return (
    <Page
      title="Ledger entry"
      description="Every escrow event is chained to the one before it by a SHA-256 hash, so changing any entry breaks every link after it. Who traded what stays private: each entry shows only a commitment to it."
    >
      {ledger.isLoading ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading ledger entry
          </span>
          <Skeleton className="h-72 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      ) : isNotFound ? (
        <Card className="p-8 text-center">
          <h2 className="font-display text-xl font-extrabold">Ledger entry not found</h2>
          <p className="mt-2 text-sm text-muted">No entry has this hash. Check the link and try again.</p>
        </Card>
      ) : ledger.isError || !ledger.data ? (
        <LoadError message="Couldn't load this ledger entry." onRetry={() => void ledger.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <LedgerVerificationResult verification={ledger.data.verification} />
          <Card>
            <CardHeader>
              <CardTitle>{eventLabel(ledger.data.entry.event)}</CardTitle>
            </CardHeader>
            <CardContent>
              <EntryDetails entry={ledger.data.entry} />
            </CardContent>
          </Card>
          {mine ? <LedgerPrivateDetails entry={ledger.data.entry} details={mine} /> : null}
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Link2 className="size-5 text-accent" aria-hidden="true" />
                The chain around it
              </CardTitle>
            </CardHeader>
            <CardContent>
              <LedgerChain
                entries={[...ledger.data.before, ledger.data.entry, ...ledger.data.after]}
                currentId={ledger.data.entry.id}
                knownTrade={mine ? { tradeRef: mine.tradeRef, label: knownTradeLabel(mine.details) } : null}
              />
            </CardContent>
          </Card>
          <WholeLedgerCheck />
        </div>
      )}
    </Page>
  );
}

/** How the chain names the reader's own trade: its number, a loop's marked as such. */
function knownTradeLabel(details: LedgerEntryDetails['details']): string {
  return 'loopId' in details ? `loop #${details.loopId}` : `trade #${details.tradeId}`;
}
