// How a tool starts the server as production runs it: the compiled bundle, built first when a
// source is newer (as `npm start` does), with the node flags of `npm start`. The benchmarks, the
// soak and measure-start.mjs start it through here; the two `start` scripts in package.json say the
// flags and the environment again, and server/src/start-flags.test.ts checks that they agree.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Two V8 worker threads instead of four (each keeps its own C-allocator arena) and a 4 MB young
 * generation: together they keep the server within 300 MB resident (docs/performance/embedded-memory.md).
 */
export const SERVER_NODE_FLAGS = ['--v8-pool-size=2', '--max-semi-space-size=4'];

/**
 * The environment the server starts with, beside the flags. `MALLOC_ARENA_MAX=2`: the C allocator
 * makes at most two arenas instead of eight per core, so what libvips' threads (image uploads) and
 * V8's worker threads free goes back to two shared arenas rather than staying resident in one
 * arena each (three photo uploads in one process: +55 MB without, +35 MB with;
 * docs/benchmarks.md "Memory"). glibc reads it when the process starts, so it cannot be set from
 * inside the server: the `start` scripts put it before the command (`MALLOC_ARENA_MAX=2 node …`,
 * which npm's script shell, sh, passes to node).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The compiled server. */
export const SERVER_MAIN = path.join(root, 'server', 'dist', 'main.js');

let built = false;

/**
 * The command that starts the compiled server, building it first (once per process) when stale:
 * spawn `command` with `args` and `env` added to the environment.
 */
export function serverCommand({ extraNodeArgs = [] } = {}) {
  if (!built) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Building the server (scripts/build-if-stale.mjs) failed');
    built = true;
  }
  return { command: process.execPath, args: [...SERVER_NODE_FLAGS, ...extraNodeArgs, SERVER_MAIN], env: { ...SERVER_ENV } };
}
