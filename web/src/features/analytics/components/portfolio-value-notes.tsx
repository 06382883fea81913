import type { ReadyPortfolioAnalytics, ValueSource } from '@soleswap/contracts/analytics';
import { Card } from '../../../components/ui/card';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** What each source means, in the member's words. */
export const VALUE_SOURCE_LABELS: Record<ValueSource, string> = {
  market: 'Market price, adjusted for condition',
  estimate: 'Your estimate',
};

/**
 * Where the figures come from: each pair's value and its source, whether there is price history
 * yet, and, as on a sneaker's page, whether demo history is part of it.
 */
export function PortfolioValueNotes({ data }: { data: ReadyPortfolioAnalytics }) {
  const pairs = [...data.movers].sort((a, b) => b.valueCents - a.valueCents);
  const hasSources = pairs.some((p) => p.valueSource !== undefined);
  if (!hasSources && !data.includesDemoHistory && data.hasPriceHistory !== false) return null;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="font-semibold">How your pairs are valued</h2>
      {data.hasPriceHistory === false ? (
        <p className="text-sm text-muted">
          No price history yet: this is what your collection is worth today, from what is known now. History starts with the daily market check, and
          changes show from then on.
        </p>
      ) : null}
      {data.includesDemoHistory ? <p className="text-xs text-muted">Includes demo price history.</p> : null}
      {hasSources ? (
        <ul aria-label="Pair values" className="flex flex-col divide-y divide-border text-sm">
          {pairs.map((pair) => (
            <li key={pair.sneakerId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 break-words font-medium">{pair.name}</span>
              <span className="flex items-baseline gap-2">
                <span className="font-semibold">{usd.format(pair.valueCents / 100)}</span>
                {pair.valueSource ? <span className="text-xs text-muted">{VALUE_SOURCE_LABELS[pair.valueSource]}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
