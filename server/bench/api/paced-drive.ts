import http from 'node:http';
import { pacedSchedule, percentile, summarizeOpenLoop, type OpenLoopSummary, type PacedSample } from './open-loop';

/** One request of a paced run: its path and, for a member read, the session cookie. */
export interface PacedRequest {
  path: string;
  cookie?: string;
}

export interface PacedRun extends OpenLoopSummary {
  rate: number;
  /** How late the sender itself sent its requests behind their due time (its own timer): p99 and max, ms. */
  sendLagP99: number;
  sendLagMax: number;
}

/**
 * GETs `request(n)` at `rate` a second for `durationS` seconds on a schedule fixed in advance
 * (open loop, open-loop.ts), over keep-alive connections opened as needed (up to `maxSockets`:
 * past that requests wait for a socket, and that wait is counted too). Waits up to `drainS` after
 * the last due time for the answers still out.
 */
export async function drivePaced(
  origin: string,
  {
    rate,
    durationS,
    request,
    maxSockets = 512,
    drainS = 10,
  }: { rate: number; durationS: number; request: (n: number) => PacedRequest; maxSockets?: number; drainS?: number },
): Promise<PacedRun> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const schedule = pacedSchedule(rate, durationS);
  const samples: PacedSample[] = schedule.map((dueMs) => ({ dueMs, doneMs: null, status: null }));
  const lags: number[] = [];
  const start = performance.now();
  const now = () => performance.now() - start;
  let pending = 0;
  let allDone: () => void = () => undefined;
  const drained = new Promise<void>((resolve) => (allDone = resolve));
  const send = (i: number) => {
    const sample = samples[i]!;
    const { path, cookie } = request(i);
    lags.push(now() - sample.dueMs);
    pending++;
    const finish = (status: number | null) => {
      if (sample.doneMs === null) {
        sample.doneMs = now();
        sample.status = status;
      }
      if (--pending === 0 && next >= schedule.length) allDone();
    };
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', agent, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? null));
      res.on('error', () => finish(null));
    });
    req.on('error', () => finish(null));
    req.end();
  };
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const t = now();
      while (next < schedule.length && schedule[next]! <= t) send(next++);
      if (next >= schedule.length) return resolve();
      // Wake for the next due request; a late timer makes every late request count its lateness.
      setTimeout(tick, Math.max(0, schedule[next]! - now() - 0.5));
    };
    tick();
  });
  if (pending > 0) await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, drainS * 1000))]);
  // Answers still out after the drain time stay null: counted as unanswered (slower than any answer).
  const summary = summarizeOpenLoop(samples.map((s) => ({ ...s })));
  agent.destroy();
  lags.sort((a, b) => a - b);
  return {
    ...summary,
    rate,
    sendLagP99: lags.length ? percentile(lags, 99) : 0,
    sendLagMax: lags.length ? lags[lags.length - 1]! : 0,
  };
}
