import type { PgbenchResult } from './pgbench-replay';

/**
 * What bench:ceiling prints for each read shape (server/bench/README.md "Database ceiling"): the
 * app's run and pgbench's replay of the same statements side by side, their ratio, the CPU each
 * read costs the server and PostgreSQL, and the load average beside each figure.
 */
export interface CeilingRow {
  label: string;
  group: 'public read' | 'member read';
  statements: number;
  app: {
    rps: number;
    p99: number;
    requests: number;
    cacheHits: number;
    loopP99: number | null;
    loopMax: number | null;
    load: number | null;
    /** The server process's CPU (user + system, all threads) over the run, ms. */
    serverCpuMs: number | null;
    /** The PostgreSQL backends' CPU over the app's run (backend-cpu.ts), ms. */
    databaseCpuMs: number | null;
  };
  /** pgbench's replay of the same statements (pgbench-replay.ts). */
  database: Omit<PgbenchResult, 'error'>;
  /** The app paced at a fixed offered rate (--rate / --rate-of-ceiling), latency from each request's due time. */
  paced: {
    rate: number;
    p50: number;
    p99: number;
    max: number;
    /** Answers other than 2xx, and requests not answered within the drain time (`unanswered`, counted as slower than any answer). */
    failed: number;
    unanswered: number;
    /** How late the bench itself sent its requests (its own timer, on a busy machine): latency includes it. */
    sendLagP99: number;
    load: number | null;
  } | null;
}

/** The app's rate as a share of the database's own for the same statements, or null without a database figure. */
export function ceilingRatio(appRps: number, databaseTps: number | null): number | null {
  return databaseTps !== null && Number.isFinite(databaseTps) && databaseTps > 0 ? appRps / databaseTps : null;
}

/** CPU ms a request, or null. */
export function perRequest(cpuMs: number | null, requests: number | null): number | null {
  return cpuMs !== null && requests !== null && requests > 0 ? cpuMs / requests : null;
}

const f = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits));
/** A paced latency: Infinity stands for requests not answered within the drain time. */
const latency = (n: number) => (n === Number.POSITIVE_INFINITY ? 'unanswered' : f(n, 1));

export const CEILING_HEADER = [
  '| read | statements a request | app req/s | app p99 ms | app cache hits | app loop p99 / max ms | app load | server CPU ms a request | PostgreSQL CPU ms a request (app run) | app + PostgreSQL CPU ms a request | database req/s | database latency avg ms | failed | PostgreSQL CPU ms a request (pgbench) | database load | app ÷ database | paced rate req/s | paced p50 / p99 / max ms | paced failed (unanswered) | paced sender lag p99 ms | paced load |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

export function ceilingLine(row: CeilingRow): string {
  const { app, database, paced } = row;
  const server = perRequest(app.serverCpuMs, app.requests);
  const postgres = perRequest(app.databaseCpuMs, app.requests);
  const both = server !== null && postgres !== null ? server + postgres : null;
  const ratio = ceilingRatio(app.rps, database.tps);
  return `| ${row.label} | ${f(row.statements, 1)} | ${f(app.rps)} | ${app.p99} | ${app.cacheHits} | ${f(app.loopP99, 1)} / ${f(app.loopMax, 1)} | ${f(app.load, 2)} | ${f(server, 2)} | ${f(postgres, 2)} | ${f(both, 2)} | ${f(database.tps)} | ${database.latencyMs} | ${database.failed} | ${f(perRequest(database.databaseCpuMs, database.transactions), 2)} | ${f(database.load, 2)} | ${ratio === null ? '–' : `${(ratio * 100).toFixed(1)}%`} | ${paced ? f(paced.rate) : '–'} | ${paced ? `${latency(paced.p50)} / ${latency(paced.p99)} / ${latency(paced.max)}` : '–'} | ${paced ? `${paced.failed} (${paced.unanswered})` : '–'} | ${paced ? f(paced.sendLagP99, 1) : '–'} | ${paced ? f(paced.load, 2) : '–'} |`;
}
