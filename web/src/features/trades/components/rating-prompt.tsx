import type { Trade } from '@soleswap/contracts/trades';
import { Star } from 'lucide-react';
import { partyName } from '../format-trade';
import { RateDialog } from './rate-dialog';

/** After completion: the invitation to rate (while allowed), or the rating already given. */
export function RatingPrompt({ trade }: { trade: Trade }) {
  const name = partyName(trade.counterparty);
  if (trade.myRating) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <Star className="size-4 fill-premium text-premium" aria-hidden="true" />
        You rated {name} {trade.myRating.score}/5{trade.myRating.comment ? `: “${trade.myRating.comment}”` : ''}
      </p>
    );
  }
  if (!trade.allowedActions.includes('rate')) return null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-premium/40 bg-premium/10 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">
        <span className="font-semibold">How was trading with {name}?</span> <span className="text-muted">Rate them once, from 1 to 5 stars.</span>
      </p>
      <RateDialog trade={trade} />
    </div>
  );
}
