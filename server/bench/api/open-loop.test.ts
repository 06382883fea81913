import { describe, expect, it } from 'vitest';
import { pacedSchedule, percentile, summarizeOpenLoop } from './open-loop';

describe('open-loop pacing', () => {
  it('spaces requests evenly at the offered rate, whatever the server answers', () => {
    expect(pacedSchedule(4, 1)).toEqual([0, 250, 500, 750]);
    expect(pacedSchedule(500, 10)).toHaveLength(5000);
    expect(pacedSchedule(500, 10)[4999]).toBeCloseTo(9998);
    expect(() => pacedSchedule(0, 10)).toThrow();
  });

  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it('measures from the due time, so a server that stalls shows the queue behind it', () => {
    // 100 requests due every 10 ms; the server stalls at the 50th (due at 500 ms) and answers the queue at once at 992 ms.
    const samples = pacedSchedule(100, 1).map((dueMs, i) => ({
      dueMs,
      doneMs: i < 50 ? dueMs + 2 : 500 + 490 + 2,
      status: 200,
    }));
    const summary = summarizeOpenLoop(samples);
    // From the send time the stalled requests would each look like a few ms; from their due time they waited up to 500 ms.
    expect(summary.p50).toBe(2);
    expect(summary.p90).toBe(392);
    expect(summary.p99).toBe(482);
    expect(summary.max).toBe(492);
    expect(summary.failed).toBe(0);
  });

  it('counts a request never answered as slower than any answer, and as failed', () => {
    const summary = summarizeOpenLoop([
      { dueMs: 0, doneMs: 5, status: 200 },
      { dueMs: 10, doneMs: null, status: null },
      { dueMs: 20, doneMs: 30, status: 503 },
    ]);
    expect(summary.max).toBe(Number.POSITIVE_INFINITY);
    expect(summary.p99).toBe(Number.POSITIVE_INFINITY);
    expect(summary.unanswered).toBe(1);
    expect(summary.failed).toBe(2);
    expect(summary.answered).toBe(2);
  });
});
