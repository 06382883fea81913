import pg from 'pg';
import { processCpuMs } from '../api/drive';

/**
 * PostgreSQL's CPU time for a run (bench:ceiling: app + database CPU a read): the user + system time
 * of every client backend connected to the bench's database, read from /proc/<pid>/stat, which
 * needs PostgreSQL on this machine (pg_stat_statements' total_exec_time would leave out parsing,
 * planning and the protocol, and is not loaded by default). Backends are found in pg_stat_activity
 * every 100 ms; one that was there at the start counts from its CPU then, one that connected during
 * the run from zero. A backend that exits (pgbench's, at its end) counts up to the last sample
 * before it went: up to 100 ms of each is missed, about 1% of a 10 s run.
 */
export interface BackendCpuWatch {
  /** Ends the watch: the backends' CPU time over it, ms, or null when /proc could not be read (PostgreSQL elsewhere). */
  stop(): Promise<number | null>;
}

export async function watchBackendCpu(databaseUrl: string): Promise<BackendCpuWatch> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-ceiling-cpu-watch' });
  await client.connect();
  const seen = new Map<number, { first: number; last: number }>();
  let readable = true;
  const startedAt = new Date();
  const poll = async () => {
    const { rows } = await client.query<{ pid: number; backend_start: Date }>(
      `select pid, backend_start from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    for (const row of rows) {
      const cpu = processCpuMs(row.pid);
      if (cpu === null) {
        readable = false;
        continue;
      }
      const known = seen.get(row.pid);
      if (known) known.last = cpu;
      else seen.set(row.pid, { first: row.backend_start >= startedAt ? 0 : cpu, last: cpu });
    }
  };
  await poll();
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(poll).catch(() => undefined);
  }, 100);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      await poll().catch(() => undefined);
      await client.end();
      if (!readable || seen.size === 0) return null;
      let total = 0;
      for (const { first, last } of seen.values()) total += last - first;
      return total;
    },
  };
}
