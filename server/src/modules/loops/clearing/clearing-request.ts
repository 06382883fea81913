import type { PartOptions } from './clear-part';
import type { MarketColumns } from './market-columns';

/** A whole clearing run's options (clear-market.ts). */
export interface ClearOptions extends PartOptions {
  /** Most members in one part (market-parts.ts); tests lower it to cut small markets. */
  partMembers?: number;
  /** Threads that clear parts at once (part-pool.ts); unset: defaultPartThreads(). */
  threads?: number;
}

/** What a clearing thread (clearing.worker.ts) is asked: a whole market, or one part of it. */
export type ClearingRequest =
  | { kind: 'market'; columns: MarketColumns; options: Omit<ClearOptions, 'excludedPairs'> }
  | { kind: 'part'; columns: MarketColumns; options: Omit<PartOptions, 'excludedPairs'> };
