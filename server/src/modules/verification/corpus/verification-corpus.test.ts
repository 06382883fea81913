import { describe, expect, it } from 'vitest';
import { runVerification } from '../verifier';
import { buildVerificationCorpus, HONEST_COUNT, SUSPICIOUS_COUNT } from './verification-corpus';

/** The verifier must reach this precision and recall at flagging suspicious listings. */
const MIN_PRECISION = 0.95;
const MIN_RECALL = 0.95;

describe('the verifier on the labelled corpus', () => {
  it(`flags suspicious listings with at least ${MIN_PRECISION * 100}% precision and ${MIN_RECALL * 100}% recall`, { timeout: 600_000 }, async () => {
    const corpus = await buildVerificationCorpus();
    expect(corpus.filter((e) => e.label === 'honest')).toHaveLength(HONEST_COUNT);
    expect(corpus.filter((e) => e.label === 'suspicious')).toHaveLength(SUSPICIOUS_COUNT);
    expect(new Set(corpus.map((e) => e.brand)).size).toBeGreaterThanOrEqual(8);

    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const mistakes: string[] = [];
    const byKind = new Map<string, { flagged: number; total: number }>();
    for (const entry of corpus) {
      const result = runVerification(entry.input);
      const flagged = !result.isAuthentic;
      const tally = byKind.get(entry.kind) ?? { flagged: 0, total: 0 };
      byKind.set(entry.kind, { flagged: tally.flagged + (flagged ? 1 : 0), total: tally.total + 1 });
      if (flagged && entry.label === 'suspicious') truePositives++;
      if (flagged && entry.label === 'honest') falsePositives++;
      if (!flagged && entry.label === 'suspicious') falseNegatives++;
      if (flagged !== (entry.label === 'suspicious')) {
        const failed = result.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.evidence.summary}`);
        mistakes.push(`${entry.id} (${entry.brand}) score ${result.verificationScore}: ${failed.join(' | ') || 'every check passed'}`);
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      [
        `verifier on ${corpus.length} labelled listings: precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}%`,
        ...[...byKind].map(([kind, t]) => `  ${kind}: ${t.flagged} of ${t.total} flagged`),
        ...mistakes.map((m) => `  wrong: ${m}`),
      ].join('\n'),
    );
    expect(precision).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(recall).toBeGreaterThanOrEqual(MIN_RECALL);
  });
});
