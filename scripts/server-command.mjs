// How a tool starts the server as production runs it: the compiled bundle, built first when a
// source is newer (as `npm start` does), with the node flags of `npm start`. The benchmarks, the
// soak and measure-start.mjs start it through here; the two `start` scripts in package.json say the
// flags again, and server/src/start-flags.test.ts checks that they agree.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Two V8 worker threads instead of four (each keeps its own C-allocator arena) and a 4 MB young
 * generation: together they keep the server within 300 MB resident (docs/performance/embedded-memory.md).
 */
export const SERVER_NODE_FLAGS = ['--v8-pool-size=2', '--max-semi-space-size=4'];

/** The compiled server. */
export const SERVER_MAIN = path.join(root, 'server', 'dist', 'main.js');

let built = false;

/** The command that starts the compiled server, building it first (once per process) when stale. */
export function serverCommand({ extraNodeArgs = [] } = {}) {
  if (!built) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Building the server (scripts/build-if-stale.mjs) failed');
    built = true;
  }
  return { command: process.execPath, args: [...SERVER_NODE_FLAGS, ...extraNodeArgs, SERVER_MAIN] };
}
