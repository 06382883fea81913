import { DAY_MS } from '@soleswap/contracts/time';
import type { MarketDataSource, MarketQuote, MarketQuoteInput } from './market-data-source';

/** The catalogue's resale prices of a release, in cents. */
export interface CatalogPrices {
  lastCents: number;
  lowCents: number;
  highCents: number;
}

/** The value a completed trade put on a pair like this one (what was given for it), in cents. */
export interface TradeValue {
  valueCents: number;
  completedAt: Date;
}

/**
 * Resale prices follow hype cycles that turn over in weeks, so a trade from a month ago counts
 * half as much as one from today, and one from three months ago an eighth.
 */
export const TRADE_HALF_LIFE_DAYS = 30;
/** Older than four half-lives (weight under 1/16): too stale to say anything about today's price. */
export const TRADE_WINDOW_DAYS = TRADE_HALF_LIFE_DAYS * 4;
/**
 * The catalogue counts like three trades completed today: one fresh trade moves the quote a
 * quarter of the way, and a steady flow of trades soon outweighs the shipped (static) prices.
 */
export const CATALOG_PRIOR_WEIGHT = 3;
/**
 * With catalogue prices to compare, a trade valued under a third of the low or over three times
 * the high is a typo or a fake changing hands, not a market price, and is left out.
 */
export const TRADE_OUTLIER_FACTOR = 3;

/** Weight of a trade completed `ageDays` ago: halves every TRADE_HALF_LIFE_DAYS. */
export function recencyWeight(ageDays: number): number {
  return 2 ** (-Math.max(0, ageDays) / TRADE_HALF_LIFE_DAYS);
}

/**
 * The internal quote: the catalogue's last/low/high blended with the recency-weighted values of
 * recent completed trades. The trades' share is their total weight over (that + the catalogue's
 * prior weight); the market price blends the catalogue's last sale with the trades' weighted
 * mean, and the range blends the catalogue's low/high with the lowest/highest recent trade.
 * Null when there is neither a catalogue price nor a recent trade.
 */
export function blendInternalQuote({
  catalog,
  trades,
  now,
}: {
  catalog: CatalogPrices | null;
  trades: readonly TradeValue[];
  now: Date;
}): MarketQuote | null {
  const recent = trades
    .map((t) => ({ valueCents: t.valueCents, weight: recencyWeight((now.getTime() - t.completedAt.getTime()) / DAY_MS) }))
    .filter((t) => t.valueCents > 0 && t.weight >= recencyWeight(TRADE_WINDOW_DAYS))
    .filter((t) => !catalog || (t.valueCents * TRADE_OUTLIER_FACTOR >= catalog.lowCents && t.valueCents <= catalog.highCents * TRADE_OUTLIER_FACTOR));

  if (recent.length === 0) {
    return catalog ? { marketPrice: catalog.lastCents, low: catalog.lowCents, high: catalog.highCents, source: 'internal' } : null;
  }

  const tradeWeight = recent.reduce((sum, t) => sum + t.weight, 0);
  const tradeMean = recent.reduce((sum, t) => sum + t.weight * t.valueCents, 0) / tradeWeight;
  const tradeLow = Math.min(...recent.map((t) => t.valueCents));
  const tradeHigh = Math.max(...recent.map((t) => t.valueCents));
  const share = catalog ? tradeWeight / (tradeWeight + CATALOG_PRIOR_WEIGHT) : 1;
  const blend = (catalogCents: number, tradeCents: number) => Math.round((1 - share) * catalogCents + share * tradeCents);

  const marketPrice = blend(catalog?.lastCents ?? 0, tradeMean);
  const low = Math.min(blend(catalog?.lowCents ?? 0, tradeLow), marketPrice);
  const high = Math.max(blend(catalog?.highCents ?? 0, tradeHigh), marketPrice);
  return { marketPrice, low, high, source: 'internal' };
}

/** What the internal source needs for one sneaker; the caller reads it from the database. */
export type InternalMarketLoader = (input: MarketQuoteInput) => Promise<{ catalog: CatalogPrices | null; trades: TradeValue[] }>;

/** The default market data source: the platform's own catalogue and trades, no outside service. */
export class InternalMarketSource implements MarketDataSource {
  readonly name = 'internal' as const;

  constructor(
    private readonly load: InternalMarketLoader,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async quote(input: MarketQuoteInput): Promise<MarketQuote | null> {
    const { catalog, trades } = await this.load(input);
    return blendInternalQuote({ catalog, trades, now: this.now() });
  }
}
