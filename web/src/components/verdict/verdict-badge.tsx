import type { Verdict, VerdictStatus } from '@soleswap/contracts/verification-values';
import { VERDICT_STALE_DAYS } from '@soleswap/contracts/verification-values';
import { BadgeCheck, ShieldAlert, ShieldQuestion } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Badge, type BadgeVariant } from '../ui/badge';
import { cn } from '../../lib/cn';
import { formatUtcDate } from '../../lib/format';

const VARIANTS: Record<VerdictStatus, BadgeVariant> = {
  authenticated: 'success',
  verified: 'success',
  not_verified: 'outline',
  flagged: 'destructive',
};

const ICONS: Record<VerdictStatus, typeof BadgeCheck> = {
  authenticated: BadgeCheck,
  verified: BadgeCheck,
  not_verified: ShieldQuestion,
  flagged: ShieldAlert,
};

/** "87% · Nov 3, 2026 · stale": the verdict's score, date and age in words; null when never verified. */
export function verdictDetails(verdict: Verdict): string | null {
  if (verdict.date === null) return null;
  const parts: string[] = [];
  const score = Number.parseFloat(verdict.score ?? '');
  if (Number.isFinite(score)) parts.push(`${Math.round(score * 100)}%`);
  parts.push(formatUtcDate(new Date(verdict.date)));
  if (verdict.isStale) parts.push('stale');
  return parts.join(' · ');
}

/**
 * A pair's verdict as the API sends it (`verdict`: Authenticated / Verified / Not verified /
 * Flagged for review) with its score and date, wherever a trader decides: cards, the proposal
 * picker, both sides of the trade card, the counter dialog, loops and matches.
 */
export function VerdictBadge({
  verdict,
  className,
  withDetails = true,
  ...props
}: { verdict: Verdict; withDetails?: boolean } & ComponentProps<'span'>) {
  const Icon = ICONS[verdict.status];
  const details = withDetails ? verdictDetails(verdict) : null;
  return (
    <span data-verdict={verdict.status} className={cn('inline-flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5', className)} {...props}>
      <Badge variant={VARIANTS[verdict.status]} className="shrink-0 whitespace-nowrap">
        <Icon aria-hidden="true" />
        {verdict.label}
      </Badge>
      {details ? (
        <span className={cn('text-xs whitespace-nowrap text-muted', verdict.isStale && 'text-warning')}>
          {details}
          {verdict.isStale ? <span className="sr-only">: checked more than {VERDICT_STALE_DAYS} days ago, it may no longer hold</span> : null}
        </span>
      ) : null}
    </span>
  );
}
