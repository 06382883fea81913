import type { MemoryUsage } from './server-process';

/**
 * The server's memory by phase of a bench (issue #44: RSS ≤ 300 MB under every bench, and where it
 * goes): a mark at each phase's end ("after start", "after warm-up", "after <run>", "after") keeps
 * the RSS then, the highest RSS sampled since the previous mark (so an "after <run>" row's peak is
 * the peak during that run) and the V8 figures of process.memoryUsage() when the memory probe is on.
 */
export interface PhaseRow {
  phase: string;
  rssMb: number | null;
  peakMb: number | null;
  usage: MemoryUsage | null;
}

export class PhaseLog {
  private readonly marks: PhaseRow[] = [];
  private peakSinceMark: number | null = null;
  private peakOverall: number | null = null;
  private snapshotRss: number | null = null;

  /** A sample of the RSS between marks; answers true when it is the highest of the whole bench so far. */
  sample(rssMb: number | null): boolean {
    if (rssMb === null) return false;
    this.peakSinceMark = Math.max(this.peakSinceMark ?? rssMb, rssMb);
    const isPeak = this.peakOverall === null || rssMb > this.peakOverall;
    if (isPeak) this.peakOverall = rssMb;
    return isPeak;
  }

  /** Ends a phase: the RSS now, the peak since the last mark (this reading included), the V8 figures now. */
  mark(phase: string, rssMb: number | null, usage: MemoryUsage | null = null): PhaseRow {
    this.sample(rssMb);
    const row = { phase, rssMb, peakMb: this.peakSinceMark, usage };
    this.marks.push(row);
    this.peakSinceMark = null;
    return row;
  }

  /**
   * A heap snapshot is worth writing at this RSS when it is a new peak at least `stepMb` above the
   * last snapshot's (each snapshot replaces the one before: the one kept is the nearest the peak).
   */
  wantsSnapshot(rssMb: number | null, stepMb = 10): boolean {
    if (rssMb === null || this.peakOverall === null || rssMb < this.peakOverall) return false;
    return this.snapshotRss === null || rssMb >= this.snapshotRss + stepMb;
  }

  snapshotTaken(rssMb: number) {
    this.snapshotRss = rssMb;
  }

  get peak(): number | null {
    return this.peakOverall;
  }

  rows(): readonly PhaseRow[] {
    return this.marks;
  }
}

const mb = (n: number | null | undefined) => (n === null || n === undefined ? '–' : n.toFixed(0));

/** The phases as a Markdown table (RSS now and peak during; heap used, external and array buffers now). */
export function phaseTable(rows: readonly PhaseRow[], budgetMb = 300): string[] {
  const peak = Math.max(0, ...rows.map((r) => r.peakMb ?? 0));
  return [
    '| phase | RSS MB at its end | RSS MB peak during | heap used MB | heap total MB | external MB | array buffers MB |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.phase} | ${mb(r.rssMb)} | ${mb(r.peakMb)} | ${mb(r.usage?.heapUsed)} | ${mb(r.usage?.heapTotal)} | ${mb(r.usage?.external)} | ${mb(r.usage?.arrayBuffers)} |`,
    ),
    `Server RSS peak: ${mb(peak)} MB (budget ≤ ${budgetMb} MB: ${peak <= budgetMb ? 'within' : `over by ${(peak - budgetMb).toFixed(0)} MB`})`,
  ];
}
