import { describe, expect, it } from 'vitest';
import { createDecodeQueue, IMAGE_DECODE_CONCURRENCY } from './decode-queue';

/** A job the test finishes by hand, so nothing depends on timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createDecodeQueue', () => {
  it('never runs more than the limit at once, starts waiters in order, and frees the slot of a failed job', async () => {
    const queue = createDecodeQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 7 }, gate);
    const results = gates.map((g, i) =>
      queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        started.push(i);
        try {
          await g.opened;
          if (i === 1) throw new Error('not an image');
          return i;
        } finally {
          running--;
        }
      }),
    );
    // Watch every outcome from the start, so the failing job is not an unhandled rejection.
    const outcomes = Promise.allSettled(results);

    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]!.open(); // fails: its slot still goes to the next waiter
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    for (const i of [3, 2, 6, 5, 4]) {
      gates[i]!.open();
      await settle();
      expect(running).toBeLessThanOrEqual(2);
    }

    expect((await outcomes).map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5, 6]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(running).toBe(0);
  });

  it('lets a job in at once when a slot is free after a burst', async () => {
    const queue = createDecodeQueue(IMAGE_DECODE_CONCURRENCY);
    await Promise.all(Array.from({ length: 5 }, (_, i) => queue.run(async () => i)));
    let ran = false;
    await queue.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(IMAGE_DECODE_CONCURRENCY).toBeLessThanOrEqual(2);
  });
});
