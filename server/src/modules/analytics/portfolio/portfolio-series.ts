import { DAY_MS } from '@soleswap/contracts/time';
/**
 * Turns price snapshots into one value per sneaker per UTC day. A sneaker's value on a day is its
 * latest price taken by the end of that day (or by `now`, for today): prices are carried forward
 * between snapshots, and a sneaker has no value (null) before its first price.
 */

export interface PortfolioSneaker {
  id: number;
  name: string;
  brand: string;
  /** What values the pair before it has price history (portfolio-valuation.ts); without them only its snapshots do. */
  condition?: string;
  estimatedValueCents?: number;
  marketPriceCents?: number | null;
}

/** A market price of one sneaker at one instant, in integer cents. */
export interface PriceSnapshot {
  sneakerId: number;
  takenAt: Date;
  valueCents: number;
  /** `daily`, or `demo` for the demo data's made-up history. */
  source?: string;
}

export const toIsoDate = (at: Date) => at.toISOString().slice(0, 10);

export interface DayGrid {
  /** 'YYYY-MM-DD' of each day, oldest first: `days` + 1 entries, today last. */
  dates: string[];
  /** The instant each day's value is read at: the end of the day, or `now` for today. */
  cutoffs: number[];
}

export function dayGrid(now: Date, days: number): DayGrid {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates: string[] = [];
  const cutoffs: number[] = [];
  for (let back = days; back >= 0; back -= 1) {
    const dayStart = todayStart - back * DAY_MS;
    dates.push(toIsoDate(new Date(dayStart)));
    cutoffs.push(back === 0 ? now.getTime() : dayStart + DAY_MS - 1);
  }
  return { dates, cutoffs };
}

/** The values of one sneaker on each day of the grid; `snapshots` are that sneaker's, in any order. */
export function dailyValues(snapshots: readonly PriceSnapshot[], grid: DayGrid): Array<number | null> {
  const sorted = [...snapshots].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  const values: Array<number | null> = [];
  let next = 0;
  let current: number | null = null;
  for (const cutoff of grid.cutoffs) {
    while (next < sorted.length && sorted[next]!.takenAt.getTime() <= cutoff) {
      current = sorted[next]!.valueCents;
      next += 1;
    }
    values.push(current);
  }
  return values;
}
