import { describe, expect, it } from 'vitest';
import { SerialBatches } from './serial-batches';

describe('SerialBatches', () => {
  it('handles what arrives during a batch together as the next batch, one batch at a time, in order', async () => {
    const handled: number[][] = [];
    let running = 0;
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const batches = new SerialBatches<number>(async (batch) => {
      running++;
      expect(running).toBe(1);
      handled.push(batch);
      if (handled.length === 1) await firstHeld;
      running--;
    });
    batches.add([1]);
    await Promise.resolve();
    batches.add([2, 3]);
    batches.add([]);
    batches.add([4]);
    release();
    await batches.idle();
    expect(handled).toEqual([[1], [2, 3, 4]]);
  });
});
