/**
 * Open-loop load (server/bench/README.md "Latency at a fixed offered rate"): requests leave on a
 * schedule fixed before the run, one every 1/rate seconds whatever the server does, and each
 * latency is measured from the time the request was due, not from when it left. A server that
 * falls behind therefore shows its queue in the percentiles instead of slowing the sender down
 * (coordinated omission). autocannon's `overallRate` paces each connection closed-loop and corrects
 * with an expected interval of `Math.ceil(1 / rate)` ms (1 ms at any rate ≥ 1/s), so it is not used.
 */

/** When each request is due, in ms from the start: `rate` a second for `durationS` seconds, evenly spaced. */
export function pacedSchedule(rate: number, durationS: number): number[] {
  if (!(rate > 0) || !(durationS > 0)) throw new Error('rate and duration must be positive');
  const count = Math.floor(rate * durationS);
  const interval = 1000 / rate;
  return Array.from({ length: count }, (_, i) => i * interval);
}

/** One request of a run: when it was due and when its answer had arrived (null: never, within the drain time). */
export interface PacedSample {
  dueMs: number;
  doneMs: number | null;
  status: number | null;
}

export interface OpenLoopSummary {
  sent: number;
  answered: number;
  /** Answers other than 2xx, and requests never answered within the drain time. */
  failed: number;
  unanswered: number;
  /** Latency from the due time, ms; unanswered requests count as slower than any answer. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile (`p` in 0–100) of latencies already sorted ascending; Infinity
 * stands for a request never answered.
 */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedMs.length);
  return sortedMs[Math.min(sortedMs.length, Math.max(1, rank)) - 1]!;
}

/** The run's percentiles, every latency taken from the request's due time. */
export function summarizeOpenLoop(samples: readonly PacedSample[]): OpenLoopSummary {
  const latencies = samples.map((s) => (s.doneMs === null ? Number.POSITIVE_INFINITY : Math.max(0, s.doneMs - s.dueMs))).sort((a, b) => a - b);
  const unanswered = samples.filter((s) => s.doneMs === null).length;
  const failed = samples.filter((s) => s.doneMs === null || s.status === null || s.status < 200 || s.status >= 300).length;
  return {
    sent: samples.length,
    answered: samples.length - unanswered,
    failed,
    unanswered,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies[latencies.length - 1]! : Number.NaN,
  };
}
