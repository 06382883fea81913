import { parentPort } from 'node:worker_threads';
import { clearMarket } from './clear-market';
import { clearPart } from './clear-part';
import type { ClearOptions, ClearingRequest } from './clearing-request';
import type { ClearingResult } from './clearing.types';
import { decodeMarket, type ClearingMarket } from './market-columns';
import { clearPartsHere, createPartPool, defaultPartThreads } from './part-pool';

/**
 * A clearing thread, so the server's event loop keeps answering meanwhile. Asked for a market
 * (clear-in-worker.ts starts one thread per run), it decomposes it and clears its parts on a pool
 * of threads like itself (part-pool.ts); asked for a part, it clears that part and waits for the next.
 */
parentPort?.on('message', (request: ClearingRequest) => {
  const market = decodeMarket(request.columns);
  const run =
    request.kind === 'market'
      ? clearOnPool(market, request.options)
      : clearPart(market.listings, market.wants, { ...request.options, excludedPairs: market.excludedPairs });
  run.then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

async function clearOnPool(market: Required<ClearingMarket>, options: ClearOptions): Promise<ClearingResult> {
  const withBlocks = { ...options, excludedPairs: market.excludedPairs };
  const threads = options.threads ?? defaultPartThreads();
  if (threads < 2) return clearMarket(market.listings, market.wants, withBlocks, clearPartsHere);
  const pool = createPartPool(threads);
  try {
    return await clearMarket(market.listings, market.wants, withBlocks, pool.clearParts);
  } finally {
    await pool.close();
  }
}
