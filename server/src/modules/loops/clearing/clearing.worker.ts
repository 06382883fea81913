import { parentPort } from 'node:worker_threads';
import { clearMarket, type ClearOptions } from './clear-market';
import { decodeMarket, type MarketColumns } from './market-columns';

/**
 * The clearing thread (clear-in-worker.ts starts one per run): receives a market in columns,
 * clears it, and posts the result back, so the server's event loop keeps answering meanwhile.
 */
export interface ClearingRequest {
  columns: MarketColumns;
  options: ClearOptions;
}

parentPort?.once('message', (request: ClearingRequest) => {
  const market = decodeMarket(request.columns);
  clearMarket(market.listings, market.wants, { ...request.options, excludedPairs: market.excludedPairs }).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
