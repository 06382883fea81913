import type { VerificationSource } from '@soleswap/contracts/verification';

/** What a market data source is asked about: the linked release if any, else the listing's identity. */
export interface MarketQuoteInput {
  catalogReleaseId: number | null;
  brand: string;
  model: string;
  colorway: string | null;
  styleCode: string | null;
}

/** A market price and its range, in integer cents (low ≤ marketPrice ≤ high). */
export interface MarketQuote {
  marketPrice: number;
  low: number;
  high: number;
  source: VerificationSource;
}

/**
 * Where market prices come from. `internal` (the catalogue plus completed trades) is always
 * available; marketplace adapters can be added behind configuration. `null` means the source
 * knows nothing about this sneaker.
 */
export interface MarketDataSource {
  readonly name: VerificationSource;
  quote(input: MarketQuoteInput): Promise<MarketQuote | null>;
}
