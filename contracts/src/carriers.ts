/**
 * The parcel carriers SoleSwap knows, and the names members see. Plain values without the
 * tracking-number library, so a page that names a carrier (a label, a carrier's timeline) does not
 * load the library that checks typed numbers (tracking-numbers.ts, loaded with the first ship form).
 */
export const CARRIERS = ['ups', 'usps', 'fedex'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The names members see. */
export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', usps: 'USPS', fedex: 'FedEx' };
