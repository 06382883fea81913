import type { VerificationCheckResult, VerificationResult } from '@soleswap/contracts/verification';
import { CheckCircle2, ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import { formatUsd } from '../../../lib/format';

/** "0.87" → 87: the confidence the dialog shows (score times 100, rounded). */
export function confidencePercent(score: string): number {
  return Math.round(Number.parseFloat(score) * 100);
}

/** Each check passed or failed, with what it saw and what it compared it with. */
export function VerificationChecks({ checks }: { checks: VerificationCheckResult[] }) {
  return (
    <ul aria-label="Verification checks" className="flex flex-col gap-2">
      {checks.map((check) => (
        <li key={check.name} className="flex gap-2 rounded-lg border border-border p-2 text-sm">
          {check.passed ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          )}
          <div className="min-w-0">
            <p className="font-semibold">
              {check.label}
              <span className="sr-only">: </span>
              <span className={check.passed ? 'ml-2 text-xs text-success' : 'ml-2 text-xs text-destructive'}>
                {check.passed ? 'Passed' : 'Failed'}
              </span>
            </p>
            <p className="text-muted">{check.evidence.summary}</p>
            <p className="text-xs text-muted">
              Seen: {check.evidence.observed} · Compared with: {check.evidence.expected}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The outcome of a verification: authentic or flagged for review, the confidence, the market
 * price and range, the data source, and every check with its evidence.
 */
export function VerificationResultView({ result }: { result: VerificationResult }) {
  return (
    <section aria-label="Verification result" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        {result.isAuthentic ? (
          <ShieldCheck aria-hidden="true" className="size-6 text-success" />
        ) : (
          <ShieldAlert aria-hidden="true" className="size-6 text-destructive" />
        )}
        <p className="text-lg font-bold">{result.isAuthentic ? 'Authentic' : 'Flagged for review'}</p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">Confidence</dt>
          <dd className="font-semibold">{confidencePercent(result.verificationScore)}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Market price</dt>
          <dd className="font-semibold">{result.marketPrice ? formatUsd(result.marketPrice) : 'No market data'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Price range</dt>
          <dd className="font-semibold">
            {result.priceRange ? `${formatUsd(result.priceRange.low)} - ${formatUsd(result.priceRange.high)}` : 'No market data'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Source</dt>
          <dd className="font-semibold">{result.source.toUpperCase()}</dd>
        </div>
      </dl>
      <VerificationChecks checks={result.checks} />
    </section>
  );
}
