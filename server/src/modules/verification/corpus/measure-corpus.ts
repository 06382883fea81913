import { runVerification } from '../verifier';
import type { AdversarialEntry } from './adversarial-corpus';

export interface CorpusMeasure {
  /** Share of adversarial listings flagged (not authentic). */
  flaggedShare: number;
  /** Share of honest listings found authentic. */
  authenticShare: number;
  byKind: Map<string, { label: string; right: number; total: number }>;
  mistakes: string[];
}

/** Runs the pure verifier over `entries` and counts, per kind, the listings it got right. */
export function measureCorpus(entries: readonly AdversarialEntry[]): CorpusMeasure {
  const byKind = new Map<string, { label: string; right: number; total: number }>();
  const mistakes: string[] = [];
  for (const entry of entries) {
    const result = runVerification(entry.input);
    const right = entry.label === 'adversarial' ? !result.isAuthentic : result.isAuthentic;
    const tally = byKind.get(entry.kind) ?? { label: entry.label, right: 0, total: 0 };
    byKind.set(entry.kind, { label: entry.label, right: tally.right + (right ? 1 : 0), total: tally.total + 1 });
    if (!right) {
      const failed = result.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.evidence.observed}`);
      mistakes.push(
        `${entry.kind} #${entry.seed} "${entry.input.listing.description}" ${entry.input.listing.condition}/10 at ${entry.input.listing.estimatedValueCents} (market ${entry.input.market?.marketPrice}) → ${failed.join(' | ') || 'every check passed'}`,
      );
    }
  }
  const share = (label: string) => {
    const rows = [...byKind.values()].filter((t) => t.label === label);
    return (
      rows.reduce((s, t) => s + t.right, 0) /
      Math.max(
        1,
        rows.reduce((s, t) => s + t.total, 0),
      )
    );
  };
  return { flaggedShare: share('adversarial'), authenticShare: share('honest'), byKind, mistakes };
}

/** The measure in lines: the two shares, then each kind's count. */
export function describeMeasure(name: string, m: CorpusMeasure): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `${name}: ${pct(m.flaggedShare)} of adversarial listings flagged, ${pct(m.authenticShare)} of honest listings authentic`,
    ...[...m.byKind].map(([kind, t]) => `  ${t.label} ${kind}: ${t.right} of ${t.total} ${t.label === 'adversarial' ? 'flagged' : 'authentic'}`),
  ].join('\n');
}
