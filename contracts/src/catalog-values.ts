/** The catalogue's plain values (no schema library), for the web's first pages; catalog.ts re-exports them. */

/** Price history periods; 30d when none is asked for. */
export const PRICE_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];
export const PRICE_PERIOD_DAYS: Record<PricePeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
