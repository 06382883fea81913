import type { PortfolioAnalytics, PortfolioPeriod } from '@soleswap/contracts/analytics';
import type { Database } from '../../../db/client';
import { toIsoDate } from './portfolio-series';
import type { PortfolioStamp } from './portfolio.repository';

/**
 * Portfolio figures kept per member and period, so that asking again costs one statement (the
 * stamp) instead of reading and carrying forward every pair's price history (a 500-pair
 * collection: about 16,000 snapshots for 30 days). Nothing stale is ever served, because an entry
 * is found only under the key of everything the figures were computed from:
 *
 * - the member's locker: its fingerprint (lockerFingerprintSql) changes when a pair is added,
 *   removed, transferred or renamed;
 * - the prices: the newest snapshot id changes with every snapshot committed after it was read,
 *   and an entry is not kept when a snapshot insert was open while it was read (one committed
 *   later could have a lower id; see snapshotsBeingWrittenSql);
 * - the day: the period's days are the key's, and an entry computed at T is used only at T or
 *   later on the same UTC day, and not kept at all when a snapshot lay after T (it would count
 *   once its time came, with no new id to show it);
 * - premium is checked on every request, from the same statement, before the memo is asked.
 *
 * `asOf` is the request's own. Entries are dropped least recently used first once they hold
 * more than PORTFOLIO_MEMO_PAIRS pairs in all (a pair's line in the figures is a few hundred
 * bytes, so the memo stays within a few MB). Why: docs/performance/member-reads.md.
 */
export const PORTFOLIO_MEMO_PAIRS = 20_000;

interface Entry {
  analytics: PortfolioAnalytics;
  computedAt: number;
  pairs: number;
}

export class PortfolioMemo {
  private readonly entries = new Map<string, Entry>();
  private pairs = 0;

  constructor(private readonly maxPairs = PORTFOLIO_MEMO_PAIRS) {}

  static key(userId: string, period: PortfolioPeriod, stamp: PortfolioStamp, now: Date): string {
    return [userId, period, toIsoDate(now), stamp.locker, stamp.latestSnapshotId ?? 'none'].join('|');
  }

  /** The figures kept under `key` as of `now`, or undefined. */
  get(key: string, now: Date): PortfolioAnalytics | undefined {
    const entry = this.entries.get(key);
    if (!entry || now.getTime() < entry.computedAt) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { ...entry.analytics, asOf: now.toISOString() };
  }

  set(key: string, analytics: PortfolioAnalytics, computedAt: Date): void {
    this.delete(key);
    // Every entry counts at least one, so an empty collection's entries are bounded too.
    const pairs = analytics.totalItems + 1;
    if (pairs > this.maxPairs) return;
    this.entries.set(key, { analytics, computedAt: computedAt.getTime(), pairs });
    this.pairs += pairs;
    for (const oldest of this.entries.keys()) {
      if (this.pairs <= this.maxPairs) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.pairs -= entry.pairs;
  }

  get size(): number {
    return this.entries.size;
  }
}

const memos = new WeakMap<Database, PortfolioMemo>();

/** The memo of one database (an app instance has one; tests open many). */
export function portfolioMemoOf(database: Database): PortfolioMemo {
  let memo = memos.get(database);
  if (!memo) {
    memo = new PortfolioMemo();
    memos.set(database, memo);
  }
  return memo;
}
