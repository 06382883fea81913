import type { LedgerEntry, LedgerEntryDetails } from '@soleswap/contracts/ledger';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, LockKeyhole } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { checkCommitment } from '../check-commitment';
import { LedgerRow, monoClasses } from './ledger-row';
import { ledgerKeys } from '../../../lib/query-keys';

/** Whether the details match the public commitment: checked in the browser, else the server's word. */
function CommitmentCheck({ entry, details }: { entry: LedgerEntry; details: LedgerEntryDetails }) {
  const check = useQuery({
    queryKey: ledgerKeys.commitmentCheck(entry.hash, details.salt, entry.commitment),
    queryFn: () => checkCommitment(details.salt, details.details, entry.commitment),
  });
  if (check.isLoading) return <p className="text-sm text-muted">Checking...</p>;
  const inBrowser = check.data ?? null;
  const matches = inBrowser ?? (details.matchesCommitment && details.commitment === entry.commitment);
  const how = inBrowser === null ? 'checked by the server' : 'checked in your browser';
  return matches ? (
    <p role="status" className="flex items-center gap-2 text-sm font-semibold text-success">
      <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
      Matches the public commitment ({how})
    </p>
  ) : (
    <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-destructive">
      <CircleX className="size-4 shrink-0" aria-hidden="true" />
      Does not match the public commitment ({how})
    </p>
  );
}

/**
 * What only the two sides of the trade (or an admin handling its dispute) see: the facts
 * behind the public entry and the salt, with the check that they hash to its commitment.
 */
export function LedgerPrivateDetails({ entry, details }: { entry: LedgerEntry; details: LedgerEntryDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-accent" aria-hidden="true" />
          Your trade's details
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          Only the people in this trade see this. The public ledger shows just a commitment: the SHA-256 of the salt followed by these details.
        </p>
        <dl className="flex flex-col gap-3">
          {'loopId' in details.details ? (
            <LedgerRow label="Loop trade">#{details.details.loopId}</LedgerRow>
          ) : (
            <LedgerRow label="Trade">#{details.details.tradeId}</LedgerRow>
          )}
          <LedgerRow label="Details">
            <pre className="overflow-x-auto rounded-lg bg-surface-raised p-2 font-mono text-xs">
              {JSON.stringify(details.details.payload, null, 2)}
            </pre>
          </LedgerRow>
          <LedgerRow label="Salt">
            <code className={monoClasses}>{details.salt}</code>
          </LedgerRow>
          <LedgerRow label="Check">
            <CommitmentCheck entry={entry} details={details} />
          </LedgerRow>
        </dl>
      </CardContent>
    </Card>
  );
}
