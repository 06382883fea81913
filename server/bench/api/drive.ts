import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import type { Scenario } from './scenarios';
import type { LoopDelay, ServerProcess } from './server-process';

// How bench:api (and bench:ceiling) drive one route with autocannon and what they read beside it:
// the server's RSS, its event-loop delay, the response cache's hits and the machine's load.

export function headersFor(origin: string, cookie: string | undefined, hasBody: boolean, method: string): Record<string, string> {
  return {
    ...(cookie ? { cookie } : {}),
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
    ...(method === 'POST' ? { origin, 'idempotency-key': randomUUID() } : {}),
  };
}

/** The 1-minute load average (Linux), or null. */
export function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * What a run drives: the route itself with its distinct requests (`real`), the same route repeating
 * its one cached URL (`cached`), or the in-memory baseline of its bytes (`baseline`).
 */
export type RunTarget = 'real' | 'cached' | 'baseline';

export interface RunResult {
  result: autocannon.Result;
  rss: number;
  loop: LoopDelay | null;
  load1: number | null;
  /** Answers the response cache gave ('x-cache: hit') and answers it read afresh ('miss'). */
  cacheHits: number;
  cacheMisses: number;
  /** The server process's CPU time (user + system, every thread) a completed request, ms. */
  cpuMsPerRequest: number | null;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time a process has used (user + system, all its threads), ms, or null off Linux. */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export async function run(server: ServerProcess, scenario: Scenario, target: RunTarget, duration: number): Promise<RunResult> {
  // The capture (capture()) asked the first distinct request already: the run starts after it.
  let n = target === 'real' && scenario.cachedPath ? 1 : 0;
  let rss = 0;
  let cacheHits = 0;
  let cacheMisses = 0;
  await server.resetLoopDelay();
  const cpuBefore = processCpuMs(server.pid);
  const sampler = setInterval(() => {
    rss = Math.max(rss, server.rssMb() ?? 0);
  }, 250);
  const pathOf = (path: string) =>
    target === 'real' ? path : target === 'cached' ? (scenario.cachedPath ?? path) : `/api/bench/baseline/${scenario.name}`;
  const result = await autocannon({
    url: server.origin,
    connections: scenario.connections,
    duration,
    ...(scenario.amount && target === 'real' ? { amount: scenario.amount() } : {}),
    requests: [
      {
        method: scenario.method,
        setupRequest: (request) => {
          const call = scenario.request(n++);
          const body = call.body === undefined ? undefined : JSON.stringify(call.body);
          return {
            ...request,
            method: scenario.method,
            path: pathOf(call.path),
            // The baseline answers without a session: the framework's own ceiling.
            headers: headersFor(server.origin, target === 'baseline' ? undefined : call.cookie, body !== undefined, scenario.method),
            ...(body !== undefined ? { body } : {}),
          };
        },
        onResponse: (status: number, body: string, _context: unknown, headers?: IncomingHttpHeaders) => {
          const cache = headers?.['x-cache'];
          if (cache === 'hit') cacheHits++;
          else if (cache === 'miss') cacheMisses++;
          if (target === 'real') scenario.onResponse?.(status, body);
        },
      },
    ],
  });
  clearInterval(sampler);
  const cpuAfter = processCpuMs(server.pid);
  rss = Math.max(rss, server.rssMb() ?? 0);
  const loop = await server.loopDelay();
  const answered = result.requests.total;
  const cpuMsPerRequest = cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null;
  return { result, rss, loop, load1: loadAverage(), cacheHits, cacheMisses, cpuMsPerRequest };
}

/** Waits until the server has worked off the requests still queued from a run (PGlite shares its thread). */
export async function settle(server: ServerProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${server.origin}/api/health`).catch(() => undefined);
    if (performance.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One real response, kept by the baseline route so it answers the same bytes. */
export async function capture(server: ServerProcess, scenario: Scenario, log: (line: string) => void): Promise<number> {
  // The capture for accepting takes the last proposal; the run starts from the first.
  const call = scenario.request(scenario.name === 'accept' ? -1 : 0);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const response = await fetch(`${server.origin}${call.path}`, {
    method: scenario.method,
    headers: headersFor(server.origin, call.cookie, body !== undefined, scenario.method),
    body,
  });
  const text = await response.text();
  if (!response.ok) log(`${scenario.name}: the real route answered ${response.status} ${text.slice(0, 200)}`);
  scenario.onResponse?.(response.status, text);
  await fetch(`${server.origin}/api/bench/baseline/${scenario.name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ contentType: response.headers.get('content-type') ?? 'application/json', body: text }),
  });
  return Buffer.byteLength(text);
}
