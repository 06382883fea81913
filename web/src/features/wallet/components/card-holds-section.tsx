import type { CardHold, CardHoldStep } from '@soleswap/contracts/wallet';
import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatUsd, formatUtcDate } from '../../../lib/format';
import { useCardHolds } from '../api/get-card-holds';

const usd = (cents: number) => formatUsd(cents / 100);

/** What each step did to the card, in words. */
const STEP_WORDS: Record<CardHoldStep, string> = {
  requested: 'Asking your card',
  authorized: 'Held on your card',
  declined: 'Declined by your card',
  captured: 'Charged',
  released: 'Released: nothing was charged',
  expired: 'Lapsed: nothing was charged',
};

const STATUS: Record<CardHold['status'], { label: string; variant: BadgeVariant }> = {
  requested: { label: 'Pending', variant: 'outline' },
  authorized: { label: 'Held', variant: 'warning' },
  declined: { label: 'Declined', variant: 'destructive' },
  captured: { label: 'Charged', variant: 'default' },
  released: { label: 'Released', variant: 'success' },
  expired: { label: 'Lapsed', variant: 'success' },
};

/** "Cash for trade #12" / "Protection hold for loop #3", with the member it goes to if charged. */
export function cardHoldTitle(hold: CardHold): string {
  const what = hold.purpose === 'trade_cash' ? 'Cash' : 'Protection hold';
  const where = hold.loopId !== null ? `loop #${hold.loopId}` : `trade #${hold.tradeId}`;
  const again = hold.isReauthorization ? ' (held again before the first hold lapsed)' : '';
  return `${what} for ${where}${again}`;
}

function HoldRow({ hold }: { hold: CardHold }) {
  const status = STATUS[hold.status];
  const href = hold.loopId !== null ? `/trades?loop=${hold.loopId}` : `/trades?trade=${hold.tradeId}`;
  return (
    <li className="flex flex-col gap-1 px-4 py-3">
      <div className="flex items-center gap-3">
        <span className="min-w-0 flex-1 font-semibold">
          <Link href={href} className="underline-offset-2 hover:underline">
            {cardHoldTitle(hold)}
          </Link>
        </span>
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="font-semibold tabular-nums">{usd(hold.amountCents)}</span>
      </div>
      <ol aria-label={`What happened to the ${cardHoldTitle(hold).toLowerCase()}`} className="flex flex-col text-xs text-muted">
        {hold.steps.map((step) => (
          <li key={step.step}>
            {formatUtcDate(new Date(step.at))} · {STEP_WORDS[step.step]}
            {step.step === 'captured' && hold.payeeName ? `, paid to ${hold.payeeName}` : ''}
            {step.step === 'declined' && hold.failureMessage ? ` (${hold.failureMessage})` : ''}
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * Every hold put on the member's card (issue #42): a trade's cash or a protection hold, what became of
 * it (held, charged, released) and when, newest first, 20 at a time. Money on a card never enters the
 * balance, so without this list a charged member saw "No money has moved yet".
 */
export function CardHoldsSection() {
  const holds = useCardHolds();
  const items = (holds.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <section aria-labelledby="wallet-card-holds" className="flex flex-col gap-3">
      <h2 id="wallet-card-holds" className="font-display text-lg font-bold">
        Your card
      </h2>
      {holds.isPending ? null : holds.isError && items.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          Couldn't load what was held on your card. Reload the page to try again.
        </p>
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CreditCard aria-hidden="true" className="size-4" />
          Nothing has been held on your card.
        </p>
      ) : (
        <Card className="overflow-hidden p-0">
          <ul aria-label="Holds on your card" className="divide-y divide-border">
            {items.map((hold) => (
              <HoldRow key={hold.id} hold={hold} />
            ))}
          </ul>
        </Card>
      )}
      {holds.hasNextPage ? (
        <Button variant="outline" className="self-center" onClick={() => void holds.fetchNextPage()} disabled={holds.isFetchingNextPage}>
          {holds.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}
