import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverCommand as startCommand } from '../../../scripts/server-command.mjs';
import { deferMarketClearing } from './defer-clearing';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * THE command that starts the server under benchmark: the compiled server with the flags and
 * environment of `npm start` (scripts/server-command.mjs). BENCH_SERVER_NODE_ARGS adds node flags for a profiling run
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export function serverCommand(nodeArgs: readonly string[] = []): { command: string; args: string[]; env: Record<string, string> } {
  const extraNodeArgs = [...nodeArgs, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  return startCommand({ extraNodeArgs });
}

/** The event-loop probe (event-loop-probe.mjs), preloaded into a server under benchmark that asks for it. */
const LOOP_PROBE = path.join(import.meta.dirname, 'event-loop-probe.mjs');
/** The memory probe (memory-probe.mjs): process.memoryUsage() and heap snapshots, on request. */
const MEMORY_PROBE = path.join(import.meta.dirname, 'memory-probe.mjs');

/** The server's process.memoryUsage(), MB. */
export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The server's event-loop delay since the last reset, in ms (monitorEventLoopDelay; null before any sample). */
export interface LoopDelay {
  p50: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
  samples: number;
}

export interface ServerProcess {
  origin: string;
  pid: number;
  /** Resident set size now, in MB (Linux /proc), or null. */
  rssMb(): number | null;
  /** With `loopProbePort`: starts a new window of the event-loop delay measurement. */
  resetLoopDelay(): Promise<void>;
  /** With `loopProbePort`: the event-loop delay since the last reset, or null without the probe. */
  loopDelay(): Promise<LoopDelay | null>;
  /** With `memoryProbePort`: the server's process.memoryUsage() in MB, or null without the probe. */
  memoryUsage(): Promise<MemoryUsage | null>;
  /** With `memoryProbePort`: writes a V8 heap snapshot into `dir` (holds the server for seconds); its path, or null. */
  writeHeapSnapshot(dir: string): Promise<string | null>;
  stop(): Promise<void>;
}

export interface StartServer {
  port: number;
  /** PostgreSQL to use; without it an embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  sessionSecret: string;
  env?: Record<string, string>;
  /** Preload the event-loop probe, answering on this port of 127.0.0.1 (bench only). */
  loopProbePort?: number;
  /** Preload the memory probe (memoryUsage, heap snapshots), answering on this port of 127.0.0.1 (bench only). */
  memoryProbePort?: number;
}

/** Starts the server in production mode and resolves once /api/health answers. */
export async function startServer(options: StartServer): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${options.port}`;
  if (options.databaseUrl) await deferMarketClearing(options.databaseUrl);
  const {
    command,
    args,
    env: serverEnv,
  } = serverCommand([...(options.loopProbePort ? ['--import', LOOP_PROBE] : []), ...(options.memoryProbePort ? ['--import', MEMORY_PROBE] : [])]);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...serverEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    APP_ORIGIN: origin,
    SESSION_SECRET: options.sessionSecret,
    DATA_DIR: options.dataDir,
    BENCH_BASELINE: '1',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  if (options.loopProbePort) env.BENCH_LOOP_PROBE_PORT = String(options.loopProbePort);
  if (options.memoryProbePort) env.BENCH_MEMORY_PROBE_PORT = String(options.memoryProbePort);
  const probe = options.loopProbePort ? `http://127.0.0.1:${options.loopProbePort}` : null;
  const memoryProbe = options.memoryProbePort ? `http://127.0.0.1:${options.memoryProbePort}` : null;
  const child: ChildProcess = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!alive) throw new Error('The server exited before it answered /api/health');
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not answer /api/health within 3 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    pid: child.pid!,
    rssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
        return kb ? Number(kb) / 1024 : null;
      } catch {
        return null;
      }
    },
    async resetLoopDelay() {
      if (probe) await fetch(`${probe}/reset`, { method: 'POST' }).catch(() => undefined);
    },
    async loopDelay() {
      if (!probe) return null;
      try {
        return (await (await fetch(probe)).json()) as LoopDelay;
      } catch {
        return null;
      }
    },
    async memoryUsage() {
      if (!memoryProbe) return null;
      try {
        return (await (await fetch(memoryProbe)).json()) as MemoryUsage;
      } catch {
        return null;
      }
    },
    async writeHeapSnapshot(dir: string) {
      if (!memoryProbe) return null;
      try {
        const answer = (await (await fetch(`${memoryProbe}/heap-snapshot?dir=${encodeURIComponent(dir)}`, { method: 'POST' })).json()) as {
          file: string;
        };
        return answer.file;
      } catch {
        return null;
      }
    },
    async stop() {
      if (!alive) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
