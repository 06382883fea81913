import { rmSync } from 'node:fs';
import { loadAverage } from './drive';
import { PhaseLog, phaseTable } from './rss-phases';
import type { ServerProcess } from './server-process';

/**
 * Samples a bench server's RSS every 250 ms for the whole bench and marks its phases (rss-phases.ts).
 * With `heapSnapshotDir` it writes a V8 heap snapshot through the memory probe whenever the RSS
 * reaches a new peak 10 MB above the last snapshot's, keeping only the latest (the nearest the
 * peak); a snapshot holds the server for seconds and raises its RSS while it is written, so a run
 * with snapshots is for finding where the memory goes, not for its rates or its RSS peak.
 */
export function watchRss(server: ServerProcess, { heapSnapshotDir, log }: { heapSnapshotDir?: string; log: (line: string) => void }) {
  const phases = new PhaseLog();
  let snapshotting = false;
  let snapshotFile: string | null = null;
  const timer = setInterval(() => {
    // While a snapshot is written the RSS is the snapshot's as much as the server's: not sampled.
    if (snapshotting) return;
    const rss = server.rssMb();
    phases.sample(rss);
    if (!heapSnapshotDir || rss === null || !phases.wantsSnapshot(rss)) return;
    snapshotting = true;
    phases.snapshotTaken(rss);
    void server.writeHeapSnapshot(heapSnapshotDir).then((file) => {
      snapshotting = false;
      // Writing a snapshot itself raises the RSS: the next one waits for 10 MB above the RSS after it.
      phases.snapshotTaken(Math.max(rss, server.rssMb() ?? 0));
      if (!file) return;
      if (snapshotFile) rmSync(snapshotFile, { force: true });
      snapshotFile = file;
      log(`heap snapshot at RSS ${rss.toFixed(0)} MB: ${file}`);
    });
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
    /** Stops sampling and prints the table of phases (and the snapshot kept). */
    print() {
      clearInterval(timer);
      console.log('\nServer memory by phase (RSS from /proc, sampled every 250 ms; V8 figures from process.memoryUsage() at each mark):');
      for (const line of phaseTable(phases.rows())) console.log(line);
      if (snapshotFile) console.log(`Heap snapshot nearest the peak: ${snapshotFile} (open in Chrome DevTools, Memory tab)`);
    },
    get peak() {
      return phases.peak;
    },
  };
}
