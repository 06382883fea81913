import { cpus, totalmem } from 'node:os';

// What bench:api prints after its runs: one line of the machine, the table of every route, the
// server's RSS peak and its worst event-loop delay.

/** Public reads (cache misses) and member reads must reach 20% of the baseline's req/s (issue #33). */
export type ScenarioGroup = 'public read' | 'member read' | 'write';

/** One route's figures, as printed and written to --json. */
export interface Row {
  name: string;
  label: string;
  group: ScenarioGroup;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  baselineRps: number | null;
  /** The baseline's own p99 at the same connections: the latency this machine's framework alone gives. */
  baselineP99: number | null;
  ratio: number | null;
  rssMb: number | null;
  bytes: number;
  /** The server's event-loop delay during the real run (monitorEventLoopDelay, event-loop-probe.mjs), ms. */
  loopP99: number | null;
  loopMax: number | null;
  /** The machine's 1-minute load average at the end of the real run (/proc/loadavg): the machine may be shared. */
  load1: number | null;
  /** The response cache's answers during the real run (x-cache: hit / miss): distinct reads should have no hits. */
  cacheHits: number;
  cacheMisses: number;
  /** The server's CPU time (user + system) a request during the real run, ms. */
  cpuMs: number | null;
  /** The same route repeating one URL (what the cache gives), for the reads that have one. */
  cached: CachedRun | null;
}

/** A cached read's run: figures measured the same way as the row's. */
export interface CachedRun {
  rps: number;
  p99: number;
  hits: number;
  misses: number;
  loopP99: number | null;
  loopMax: number | null;
  load1: number | null;
}

export const fmt = (n: number | null, digits = 0) =>
  n === null ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Prints the report; answers the RSS peak (MB) over every run. */
export function printReport({ kind, duration, rows }: { kind: string; duration: number; rows: Row[] }): number {
  const peak = Math.max(...rows.map((r) => r.rssMb ?? 0));
  console.log(
    `\nAPI benchmark: ${kind}, ${duration} s per run, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    '\nUncached: distinct requests (cache hits shown; reads whose URL never changes are answered by the cache after the first); cached: one URL repeated. Load: the 1-minute load average at the end of each run.',
  );
  console.log(
    '| route | conns | req/s | p50 ms | p99 ms | cache hits | non-2xx | loop p99 / max ms | load | CPU ms a request | cached req/s | cached p99 ms | cached hits | cached loop p99 / max ms | cached load | baseline req/s | baseline p99 ms | ratio | target | bytes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const target = r.group === 'public read' || r.group === 'member read' ? '≥ 20%' : r.name === 'post-message' ? '≥ 1,000/s' : '';
    const c = r.cached;
    const cachedCells = c
      ? `${fmt(c.rps)} | ${c.p99} | ${c.hits} of ${c.hits + c.misses} | ${c.loopP99 ?? '–'} / ${c.loopMax ?? '–'} | ${c.load1 ?? '–'}`
      : '– | – | – | – | –';
    console.log(
      `| ${r.label} | ${r.connections} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.cacheHits} of ${r.cacheHits + r.cacheMisses} | ${r.non2xx} | ${r.loopP99 ?? '–'} / ${r.loopMax ?? '–'} | ${r.load1 ?? '–'} | ${fmt(r.cpuMs, 2)} | ${cachedCells} | ${fmt(r.baselineRps)} | ${r.baselineP99 ?? '–'} | ${fmt((r.ratio ?? 0) * 100)}% | ${target} | ${fmt(r.bytes)} |`,
    );
  }
  console.log(`\nServer RSS peak under load: ${fmt(peak)} MB (target ≤ 300 MB)`);
  const loopMax = Math.max(...rows.flatMap((r) => [r.loopMax ?? 0, r.cached?.loopMax ?? 0]));
  console.log(`Server event-loop delay, worst run: max ${fmt(loopMax, 1)} ms (rule: no request holds the loop over 50 ms)`);
  return peak;
}
