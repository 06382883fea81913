import { spawn } from 'node:child_process';
import { loadAverage } from '../api/drive';
import { watchBackendCpu } from './backend-cpu';

export interface PgbenchResult {
  tps: number | null;
  latencyMs: string;
  transactions: number | null;
  failed: string;
  load: number | null;
  /** The PostgreSQL backends' CPU over the run (backend-cpu.ts), ms. */
  databaseCpuMs: number | null;
  error: string | null;
}

/**
 * The database alone: `pgbench -n -M <mode> -c <connections> -j 2 -T <duration>` over one script a
 * captured request (a transaction is one request's statements, picked at random), with the
 * backends' CPU read beside it.
 */
export async function replayWithPgbench(
  databaseUrl: string,
  { scripts, mode, connections, duration }: { scripts: string[]; mode: string; connections: number; duration: number },
): Promise<PgbenchResult> {
  const cpu = await watchBackendCpu(databaseUrl);
  const args = ['-n', '-M', mode, '-c', String(connections), '-j', '2', '-T', String(duration), ...scripts.flatMap((f) => ['-f', f]), databaseUrl];
  const { status, stdout, stderr } = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ status: code, stdout: out, stderr: err }));
  });
  const databaseCpuMs = await cpu.stop();
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? NaN);
  return {
    tps: Number.isFinite(tps) ? tps : null,
    latencyMs: /latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? '–',
    transactions: Number.isFinite(transactions) ? transactions : null,
    failed: /number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? '0',
    load: loadAverage(),
    databaseCpuMs,
    error: status !== 0 || !Number.isFinite(tps) ? stderr.slice(0, 600) : null,
  };
}
