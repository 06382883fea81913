import { PRICE_PERIODS, type PricePeriod } from '@soleswap/contracts/catalog-values';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { formatUsd } from '../../../lib/format';
import { usePriceHistory, type PriceSubject } from '../api/get-price-history';
import { useReleasePriceLine } from '../api/get-release-price-lines';
import { PriceSparkline } from './price-sparkline';

/** Price history with a period switch (7d, 30d, 90d, 1y) and the period's low, median and high. */
export function PriceHistoryPanel({ subject }: { subject: PriceSubject }) {
  const [period, setPeriod] = useState<PricePeriod>('30d');
  const history = usePriceHistory(subject, period);
  const data = history.data;
  return (
    <section aria-label="Price history" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Price history</h2>
        <div role="group" aria-label="Period" className="flex gap-1">
          {PRICE_PERIODS.map((p) => (
            <Button key={p} size="sm" variant={p === period ? 'primary' : 'outline'} aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {p}
            </Button>
          ))}
        </div>
      </div>
      {history.isLoading ? (
        <p className="text-sm text-muted">Loading prices...</p>
      ) : history.isError ? (
        <LoadError message="Couldn't load the price history." onRetry={history.refetch} className="p-4" />
      ) : !data || data.points.length === 0 ? (
        <p className="text-sm text-muted">No prices recorded in this period yet.</p>
      ) : (
        <>
          <PriceSparkline points={data.points} height={120} />
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {(
              [
                ['Low', data.min],
                ['Median', data.median],
                ['High', data.max],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="font-semibold">{formatUsd(value)}</dd>
              </div>
            ))}
          </dl>
          {data.points.some((p) => p.source === 'demo') ? <p className="text-xs text-muted">Includes demo price history.</p> : null}
        </>
      )}
    </section>
  );
}

/** A release card's small 30-day price line, read with the lines of every release the page shows. */
export function ReleasePriceSparkline({ releaseId, shownIds }: { releaseId: number; shownIds: readonly number[] }) {
  const line = useReleasePriceLine(releaseId, shownIds, '30d');
  return line.data ? <PriceSparkline points={line.data} height={32} className="mt-2" /> : null;
}
