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
  private snapshotPhase: string | null = null;

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
   * One heap snapshot a bench: the first time the RSS reaches `thresholdMb`. Writing one raises the
   * RSS by about the heap's size and it does not all come back, so a second would mostly see the first.
   */
  wantsSnapshot(rssMb: number | null, thresholdMb: number): boolean {
    return this.snapshotPhase === null && rssMb !== null && rssMb >= thresholdMb;
  }

  /** A snapshot is being written: the phase after the last mark is named in the table, and no other snapshot is asked for. */
  snapshotTaken() {
    this.snapshotPhase = this.marks.at(-1)?.phase ?? 'the start';
  }

  /** Where the snapshot was written (null: none), for the table's footnote. */
  get snapshotAt(): string | null {
    return this.snapshotPhase;
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
export function phaseTable(rows: readonly PhaseRow[], budgetMb = 300, snapshotAt: string | null = null): string[] {
  const peak = Math.max(0, ...rows.map((r) => r.peakMb ?? 0));
  return [
    ...(snapshotAt ? [`(a heap snapshot was written in the phase after "${snapshotAt}": the RSS from then on includes what writing it took)`] : []),
    '| phase | RSS MB at its end | RSS MB peak during | heap used MB | heap total MB | external MB | array buffers MB |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.phase} | ${mb(r.rssMb)} | ${mb(r.peakMb)} | ${mb(r.usage?.heapUsed)} | ${mb(r.usage?.heapTotal)} | ${mb(r.usage?.external)} | ${mb(r.usage?.arrayBuffers)} |`,
    ),
    `Server RSS peak: ${mb(peak)} MB (budget ≤ ${budgetMb} MB: ${peak <= budgetMb ? 'within' : `over by ${(peak - budgetMb).toFixed(0)} MB`})`,
  ];
}
