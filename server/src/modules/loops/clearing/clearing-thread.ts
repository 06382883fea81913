import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ClearingResult } from './clearing.types';

/**
 * A new clearing thread (clearing.worker.ts), which answers whole markets (clear-in-worker.ts)
 * and single parts (part-pool.ts).
 *
 * From the TypeScript sources (tsx in development, Vitest) the worker is clearing.worker.ts,
 * loaded through tsx; in the built server (scripts/build-if-stale.mjs) it is bundled as
 * dist/clearing-worker.js next to dist/main.js, where this code then lives (and, for the part
 * threads, inside clearing-worker.js itself, which starts copies of itself).
 */
export function startClearingThread(): Worker {
  return import.meta.url.endsWith('.ts') ? sourceWorker() : new Worker(new URL('./clearing-worker.js', import.meta.url));
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

/**
 * Posts one request to a clearing thread and waits for its answer; the thread may be asked again
 * afterwards (a part thread), so the listeners go with the answer.
 */
export function askClearingThread<Request>(worker: Worker, request: Request, transfer: ArrayBuffer[]): Promise<ClearingResult> {
  return new Promise<ClearingResult>((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: { result: ClearingResult } | { error: string }) => {
      settle();
      if ('result' in reply) resolve(reply.result);
      else reject(new Error(`loop clearing failed in its worker: ${reply.error}`));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`the loop clearing worker exited (code ${code}) before answering`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request, transfer);
  });
}
