import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ClearOptions } from './clear-market';
import type { ClearingResult } from './clearing.types';
import type { ClearingRequest } from './clearing.worker';
import { encodeMarket, type ClearingMarket } from './market-columns';

/**
 * clearMarket on a worker thread: the market goes over in transferable columns
 * (market-columns.ts) and the chosen loops come back, while this thread goes on serving requests.
 * A thread is started per run (runs are hourly) and ends with it.
 *
 * From the TypeScript sources (tsx in development, Vitest) the worker is clearing.worker.ts,
 * loaded through tsx; in the built server (scripts/build-if-stale.mjs) it is bundled as
 * dist/clearing-worker.js next to dist/main.js, where this code then lives.
 */
export function clearMarketInWorker(market: ClearingMarket, options: Omit<ClearOptions, 'excludedPairs'> = {}): Promise<ClearingResult> {
  const { columns, transfer } = encodeMarket(market);
  const worker = import.meta.url.endsWith('.ts') ? sourceWorker() : new Worker(new URL('./clearing-worker.js', import.meta.url));
  return new Promise<ClearingResult>((resolve, reject) => {
    worker.once('message', (reply: { result: ClearingResult } | { error: string }) => {
      if ('result' in reply) resolve(reply.result);
      else reject(new Error(`loop clearing failed in its worker: ${reply.error}`));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the loop clearing worker exited (code ${code}) before answering`)));
    const request: ClearingRequest = { columns, options };
    worker.postMessage(request, transfer);
  });
}

/**
 * The worker from its TypeScript source. Node 20 applies no module loader (`--import tsx`, even
 * inherited) to a worker's own entry file, so the worker starts from a line of script that
 * registers tsx's require hook in its thread and requires the TypeScript entry through it.
 */
function sourceWorker(): Worker {
  const require = createRequire(import.meta.url);
  const entry = fileURLToPath(new URL('./clearing.worker.ts', import.meta.url));
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { eval: true });
}
