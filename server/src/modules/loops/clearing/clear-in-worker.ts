import { askClearingThread, startClearingThread } from './clearing-thread';
import type { ClearingResult } from './clearing.types';
import type { ClearOptions, ClearingRequest } from './clearing-request';
import { encodeMarket, type ClearingMarket } from './market-columns';

/**
 * clearMarket on a worker thread: the market goes over in transferable columns
 * (market-columns.ts) and the chosen loops come back, while this thread goes on serving requests.
 * A thread is started per run (runs are hourly) and ends with it; it clears the market's parts on
 * a pool of part threads of its own (part-pool.ts).
 */
export async function clearMarketInWorker(market: ClearingMarket, options: Omit<ClearOptions, 'excludedPairs'> = {}): Promise<ClearingResult> {
  const { columns, transfer } = encodeMarket(market);
  const worker = startClearingThread();
  try {
    return await askClearingThread<ClearingRequest>(worker, { kind: 'market', columns, options }, transfer);
  } finally {
    void worker.terminate();
  }
}
