import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { toUserMessage } from '../../../lib/api-client';
import { formatUtcDate } from '../../../lib/format';
import { useOverdueReturns } from '../api/overdue-returns';

/**
 * Pairs a member should have shipped back after a refund ruling and has not, past their deadline
 * (docs/rules/trades.md#returns-after-a-refund), on the admins' disputes page: nothing happens to them
 * automatically, so an admin follows up with the member holding the pair.
 */
export function OverdueReturnsQueue() {
  const overdue = useOverdueReturns();
  return (
    <section aria-labelledby="overdue-returns-title" className="flex flex-col gap-3">
      <h2 id="overdue-returns-title" className="text-lg font-semibold">
        Overdue returns after a refund
      </h2>
      {overdue.isPending ? (
        <p className="text-sm text-muted">Loading the overdue returns…</p>
      ) : overdue.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(overdue.error, 'The overdue returns could not be loaded.')}
        </p>
      ) : overdue.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted">No return is overdue.</p>
      ) : (
        <ul aria-label="Overdue returns" className="flex flex-col gap-2">
          {overdue.data.map((ret) => (
            <li key={ret.id}>
              <Card className="flex flex-wrap items-center gap-2 p-3 text-sm">
                <Badge variant="destructive">Overdue</Badge>
                <span className="font-semibold">Trade #{ret.tradeId}</span>
                <span>
                  the {ret.ownerSide}’s pair, to be shipped back by the {ret.ownerSide === 'proposer' ? 'receiver' : 'proposer'} by{' '}
                  {formatUtcDate(new Date(ret.returnBy))}; not shipped yet
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
