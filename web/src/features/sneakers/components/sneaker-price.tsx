import type { Sneaker } from '@soleswap/contracts/sneakers';
import { formatUsd } from '../../../lib/format';
import { hasDifferentMarketPrice } from '../sneaker-display';

/**
 * The card's value (see docs/web-client.md#cards-and-small-behaviours): the estimate, or, when a market price exists and
 * differs from it, the market price with the estimate struck through.
 */
export function SneakerPrice({ sneaker }: { sneaker: Pick<Sneaker, 'marketPrice' | 'estimatedValue'> }) {
  if (!hasDifferentMarketPrice(sneaker)) {
    return (
      <p className="font-display font-extrabold text-lg text-accent">
        <span className="sr-only">Estimated value </span>
        {formatUsd(sneaker.estimatedValue)}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      <span className="font-display font-extrabold text-lg text-accent">
        <span className="sr-only">Market price </span>
        {formatUsd(sneaker.marketPrice)}
      </span>
      <s className="text-sm text-muted">
        <span className="sr-only">Estimated value </span>
        {formatUsd(sneaker.estimatedValue)}
      </s>
    </p>
  );
}
