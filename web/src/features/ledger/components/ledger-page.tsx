import type { LedgerEntry } from '@soleswap/contracts/trades';
import { Link2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useLedgerWindow } from '../api/get-ledger-window';
import { useVerifyLedger } from '../api/verify-ledger';
import { eventLabel, formatLedgerTime } from '../format-ledger';
import { LedgerChain } from './ledger-chain';
import { LedgerVerificationResult } from './ledger-verification-result';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-xs font-bold tracking-wide text-muted uppercase sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

const mono = 'block font-mono text-xs break-all';

function EntryDetails({ entry }: { entry: LedgerEntry }) {
  return (
    <dl className="flex flex-col gap-3">
      <Row label="Event">{eventLabel(entry.event)} ({entry.event})</Row>
      <Row label="Trade">#{entry.tradeId}</Row>
      <Row label="Entry">#{entry.id}</Row>
      <Row label="Time">
        <time dateTime={entry.createdAt}>{formatLedgerTime(entry.createdAt)}</time>
      </Row>
      <Row label="Payload">
        <pre className="overflow-x-auto rounded-lg bg-surface-raised p-2 font-mono text-xs">{JSON.stringify(entry.payload, null, 2)}</pre>
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
 * hash-chained ledger, the chain around it, and its re-verification (decisions.md 6).
 */
export function LedgerPage({ hash }: { hash: string }) {
  const ledger = useLedgerWindow(hash);
  const isNotFound = ledger.error instanceof ApiError && ledger.error.status === 404;

  return (
    <Page
      title="Ledger entry"
      description="Every escrow event is chained to the one before it by a SHA-256 hash, so changing any entry breaks every link after it."
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
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center text-sm text-muted">
          Couldn't load this ledger entry.
          <Button variant="outline" size="sm" onClick={() => void ledger.refetch()}>
            Try again
          </Button>
        </Card>
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
              />
            </CardContent>
          </Card>
          <WholeLedgerCheck />
        </div>
      )}
    </Page>
  );
}
