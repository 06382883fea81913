import { RATING_COMMENT_MAX, type Trade } from '@soleswap/contracts/trades';
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useRateTrade } from '../api/rate-trade';
import { partyName } from '../format-trade';
import { toastFailure } from '../trade-toasts';
import { TradeMessageField } from './trade-message-field';

const SCORES = [1, 2, 3, 4, 5] as const;

/** 'Rate' and its dialog: 1 to 5 stars, an optional comment, 'Submit rating'. */
export function RateDialog({ trade }: { trade: Trade }) {
  const name = partyName(trade.counterparty);
  const [isOpen, setIsOpen] = useState(false);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const rate = useRateTrade({
    onSuccess: () => toast({ title: 'Rating Submitted', description: `Thanks for rating ${name}` }),
    onError: (error) => toastFailure('Failed to submit rating', error),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (score === null) return;
    const input = { score, comment: comment.trim() || undefined };
    rate.mutate({ tradeId: trade.id, input }, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title={`Rate ${name}`}
      description="Each side rates the other once. Reputation is the average of all ratings."
      trigger={
        <Button>
          <Star aria-hidden="true" />
          Rate
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div role="group" aria-label="Rating" className="flex gap-1">
          {SCORES.map((value) => (
            <button
              key={value}
              type="button"
              aria-label={value === 1 ? '1 star' : `${value} stars`}
              aria-pressed={score === value}
              onClick={() => setScore(value)}
              className="rounded-md p-1"
            >
              <Star aria-hidden="true" className={cn('size-8', score !== null && value <= score ? 'fill-premium text-premium' : 'text-muted')} />
            </button>
          ))}
        </div>
        <TradeMessageField label="Comment (optional)" value={comment} onChange={setComment} max={RATING_COMMENT_MAX} />
        <Button type="submit" disabled={score === null || rate.isPending}>
          {rate.isPending ? 'Submitting...' : 'Submit rating'}
        </Button>
      </form>
    </Dialog>
  );
}
