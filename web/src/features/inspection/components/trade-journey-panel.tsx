import type { InspectionJourney } from '@soleswap/contracts/inspection';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePairStep, useTradeInspection } from '../api/inspection';
import { ACTION_LABELS, journeySteps, STATUS_LABELS, when } from '../format-inspection';

/**
 * On a trade via authentication: where both sides ship (the centre), and each pair's journey
 * through it, step by step with dates. The member a pair goes to answers its quality issue here.
 */
export function TradeJourneyPanel({ tradeId, mySide }: { tradeId: number; mySide: 'proposer' | 'receiver' }) {
  const inspection = useTradeInspection(tradeId);
  if (inspection.isPending) return <Spinner label="Loading the authentication centre’s steps" />;
  if (inspection.isError)
    return (
      <LoadError
        className="p-3"
        message={toUserMessage(inspection.error, 'The centre’s steps could not be loaded')}
        onRetry={() => inspection.refetch()}
      />
    );
  const { centre, pairs } = inspection.data;
  return (
    <section aria-label="Authentication centre" className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4">
      <h3 className="flex items-center gap-2 font-semibold text-sm">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Via the authentication centre
      </h3>
      <div className="text-sm">
        <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Both sides ship to</h4>
        <address className="not-italic">
          {centre.lines.map((line, i) => (
            <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
              {line}
            </span>
          ))}
        </address>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {pairs.map((pair) => (
          <PairJourney key={pair.id} pair={pair} mine={pair.side === mySide} />
        ))}
      </div>
    </section>
  );
}

function PairJourney({ pair, mine }: { pair: InspectionJourney; mine: boolean }) {
  const step = usePairStep();
  const title = mine ? 'Your pair' : 'Their pair';
  return (
    <div aria-label={`${title}’s journey`} className="flex flex-col gap-2 rounded-lg bg-surface-raised p-3 text-sm">
      <p className="font-semibold">
        {title}: {STATUS_LABELS[pair.status]}
      </p>
      <ol className="flex flex-col gap-1">
        {journeySteps(pair).map((s) => (
          <li key={s.label}>
            {s.label} <span className="text-muted">· {when(s.at)}</span>
          </li>
        ))}
      </ol>
      {pair.forwardTracking ? (
        <a className="underline" href={pair.forwardTracking.url} target="_blank" rel="noreferrer">
          {pair.forwardTracking.carrierName} {pair.forwardTracking.trackingNumber}
        </a>
      ) : null}
      {pair.notes ? <p className="break-words">Inspector’s notes: {pair.notes}</p> : null}
      {pair.photoUrls.length ? (
        <div className="flex flex-wrap gap-2">
          {pair.photoUrls.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              <img src={url} alt={`Inspection photo ${i + 1}`} className="size-16 rounded object-cover" />
            </a>
          ))}
        </div>
      ) : null}
      {pair.status === 'awaiting_arrival' && pair.deadlineAt ? <p className="text-muted">Must reach the centre by {when(pair.deadlineAt)}.</p> : null}
      {pair.allowedActions.length ? (
        <div className="flex flex-col gap-2">
          {pair.deadlineAt ? <p>Decide by {when(pair.deadlineAt)}; without an answer the pair is declined and the trade cancelled.</p> : null}
          <div className="flex flex-wrap gap-2">
            {pair.allowedActions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'accept-issue' ? 'primary' : 'outline'}
                disabled={step.isPending}
                onClick={() =>
                  step.mutate(
                    { pairId: pair.id, action },
                    { onError: (error) => toast({ title: toUserMessage(error, 'Your answer could not be saved'), variant: 'destructive' }) },
                  )
                }
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
