import { loadAverage } from './drive';
import { PhaseLog, phaseTable } from './rss-phases';
import type { ServerProcess } from './server-process';

/**
 * Samples a bench server's RSS every 250 ms for the whole bench and marks its phases (rss-phases.ts).
 * With `heapSnapshotDir` it writes one V8 heap snapshot through the memory probe: the first time the
 * RSS reaches `heapSnapshotMb` (250), or, when it never does, after the bench's last phase. Writing
 * it holds the server for seconds and raises its RSS by about the heap's size (not all of which
 * comes back), so a run with a snapshot says where the memory goes, not its rates nor its RSS peak.
 */
export function watchRss(
  server: ServerProcess,
  { heapSnapshotDir, heapSnapshotMb = 250, log }: { heapSnapshotDir?: string; heapSnapshotMb?: number; log: (line: string) => void },
) {
  const phases = new PhaseLog();
  let snapshot: Promise<void> | null = null;
  const takeSnapshot = (rss: number | null) => {
    phases.snapshotTaken();
    snapshot = server.writeHeapSnapshot(heapSnapshotDir!).then((file) => {
      log(
        file
          ? `heap snapshot at RSS ${rss?.toFixed(0) ?? '–'} MB: ${file} (open in Chrome DevTools, Memory tab)`
          : 'the heap snapshot could not be written',
      );
    });
  };
  const timer = setInterval(() => {
    const rss = server.rssMb();
    phases.sample(rss);
    if (heapSnapshotDir && phases.wantsSnapshot(rss, heapSnapshotMb)) takeSnapshot(rss);
  }, 250);
  timer.unref();
  return {
    /** Ends a phase ("after start", "after <run>", …) and logs its row with the load average. */
    async mark(phase: string) {
      const row = phases.mark(phase, server.rssMb(), await server.memoryUsage());
      log(
        `RSS ${phase}: ${row.rssMb?.toFixed(0) ?? '–'} MB (peak since the last mark ${row.peakMb?.toFixed(0) ?? '–'} MB${row.usage ? `, heap used ${row.usage.heapUsed} MB, external ${row.usage.external} MB` : ''}), load ${loadAverage() ?? '–'}`,
      );
    },
    /** Stops sampling and, when no snapshot was written, writes it now (the server must still run). */
    async finish() {
      clearInterval(timer);
      if (heapSnapshotDir && !phases.snapshotAt) takeSnapshot(server.rssMb());
      await snapshot;
    },
    /** Prints the table of phases (after finish). */
    print() {
      console.log('\nServer memory by phase (RSS from /proc, sampled every 250 ms; V8 figures from process.memoryUsage() at each mark):');
      for (const line of phaseTable(phases.rows(), 300, phases.snapshotAt)) console.log(line);
    },
    get peak() {
      return phases.peak;
    },
  };
}
