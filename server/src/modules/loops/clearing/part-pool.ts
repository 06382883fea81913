import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { at } from './checked-index';
import { clearPart, type PartOptions } from './clear-part';
import { askClearingThread, startClearingThread } from './clearing-thread';
import type { ClearingResult } from './clearing.types';
import type { ClearingRequest } from './clearing-request';
import { encodeMarket } from './market-columns';
import type { MarketPart } from './market-parts';

/** Clears the parts of one round (they share no member, so in any order) and returns their results in part order. */
export type ClearParts = (parts: readonly MarketPart[], options: PartOptions) => Promise<ClearingResult[]>;

/** One part after the other on this thread: tests, and machines with one core. */
export const clearPartsHere: ClearParts = async (parts, options) => {
  const results: ClearingResult[] = [];
  for (const part of parts) results.push(await clearPart(part.listings, part.wants, options));
  return results;
};

/**
 * Part threads a clearing run uses unless told (CLEARING_THREADS): every core but one, at most
 * two. Each thread holds a part's graphs (about 180 MB at 1M listings), and on a two-core
 * machine the one core left answers requests while the hourly clearing runs
 * (docs/performance/loop-clearing.md).
 */
export const defaultPartThreads = () => Math.max(1, Math.min(2, availableParallelism() - 1));

export interface PartPool {
  clearParts: ClearParts;
  /** Ends the part threads. */
  close(): Promise<void>;
}

/**
 * Clears parts on `size` threads at once: this thread and `size - 1` part threads. Each free
 * thread takes the next part (a part thread gets it in columns, market-columns.ts) until none is
 * left. This thread clears parts too rather than waiting, so a run holds no idle heap besides the
 * market's. Results are stored by part index, so the outcome is the same whichever thread finishes
 * first, and the same as clearPartsHere's. Part threads start with the first round that needs them
 * and serve every later round of the run.
 */
export function createPartPool(size: number): PartPool {
  const threads: Worker[] = [];
  const clearParts: ClearParts = async (parts, options) => {
    const { excludedPairs, ...partOptions } = options;
    const results: ClearingResult[] = new Array<ClearingResult>(parts.length);
    let next = 0;
    const helpers = Math.min(size, parts.length) - 1;
    while (threads.length < helpers) threads.push(startClearingThread());
    const drainThread = async (thread: Worker) => {
      while (next < parts.length) {
        const index = next++;
        const part = at(parts, index);
        const { columns, transfer } = encodeMarket({ listings: part.listings, wants: part.wants, excludedPairs: excludedPairs ?? [] });
        results[index] = await askClearingThread<ClearingRequest>(thread, { kind: 'part', columns, options: partOptions }, transfer);
      }
    };
    const drainHere = async () => {
      // Yields before each part, so a part thread that has finished is handed its next part first.
      for (;;) {
        await yieldToMessages();
        if (next >= parts.length) return;
        const index = next++;
        const part = at(parts, index);
        results[index] = await clearPart(part.listings, part.wants, options);
      }
    };
    await Promise.all([...threads.slice(0, Math.max(0, helpers)).map(drainThread), drainHere()]);
    return results;
  };
  return {
    clearParts,
    close: async () => {
      await Promise.all(threads.map((thread) => thread.terminate()));
    },
  };
}

const yieldToMessages = () => new Promise<void>((resolve) => setImmediate(resolve));
