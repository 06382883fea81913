import type { TradeStatus } from '@soleswap/contracts/trades';
import { cn } from '../../../lib/cn';
import { statusLabel } from '../trade-perspective';

/** A distinct look per status (see docs/rules/trades.md#statuses), from the theme tokens only. */
const STATUS_STYLES: Record<TradeStatus, string> = {
  pending: 'bg-warning/15 text-warning',
  accepted: 'bg-accent text-accent-foreground',
  completed: 'bg-success/15 text-success',
  rejected: 'bg-destructive/15 text-destructive',
  cancelled: 'border border-border text-muted',
  countered: 'border border-premium/60 text-premium',
  disputed: 'bg-destructive text-white',
  expired: 'bg-muted/15 text-muted',
};
const DEFAULT_STYLE = 'bg-surface-raised text-foreground';

/** The trade's status as a coloured pill; unknown statuses get a neutral default. */
export function TradeStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide',
        STATUS_STYLES[status as TradeStatus] ?? DEFAULT_STYLE,
      )}
    >
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </span>
  );
}
