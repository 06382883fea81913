import { describe, expect, it } from 'vitest';
import { PhaseLog, phaseTable } from './rss-phases';

describe('server memory by phase', () => {
  it('keeps each phase its RSS at the end and the peak during it', () => {
    const log = new PhaseLog();
    log.mark('after start', 200);
    log.sample(240);
    log.sample(310);
    log.sample(260);
    log.mark('after browse run', 255, { rss: 255, heapTotal: 90, heapUsed: 70, external: 12, arrayBuffers: 4 });
    log.mark('after', 250);
    expect(log.rows().map((r) => [r.phase, r.rssMb, r.peakMb])).toEqual([
      ['after start', 200, 200],
      ['after browse run', 255, 310],
      ['after', 250, 250],
    ]);
    expect(log.peak).toBe(310);
    const table = phaseTable(log.rows());
    expect(table[3]).toBe('| after browse run | 255 | 310 | 70 | 90 | 12 | 4 |');
    expect(table.at(-1)).toBe('Server RSS peak: 310 MB (budget ≤ 300 MB: over by 10 MB)');
  });

  it('asks for one heap snapshot, the first time the RSS reaches the threshold, and names when it was taken', () => {
    const log = new PhaseLog();
    log.mark('after start', 120);
    expect(log.wantsSnapshot(200, 250)).toBe(false);
    expect(log.wantsSnapshot(260, 250)).toBe(true);
    log.snapshotTaken();
    expect(log.wantsSnapshot(400, 250)).toBe(false);
    log.mark('after browse run', 300);
    expect(phaseTable(log.rows(), 300, log.snapshotAt)[0]).toBe(
      '(a heap snapshot was written in the phase after "after start": the RSS from then on includes what writing it took)',
    );
  });

  it('says a peak within the budget is within it', () => {
    const log = new PhaseLog();
    log.mark('after start', 180);
    expect(phaseTable(log.rows()).at(-1)).toBe('Server RSS peak: 180 MB (budget ≤ 300 MB: within)');
  });
});
