import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_KINDS, buildAdversarialCorpus, buildEntry, HONEST_KINDS } from './adversarial-corpus';
import { describeMeasure, measureCorpus } from './measure-corpus';

/** The verifier must flag this share of adversarial listings, and find this share of honest ones authentic, on the held-out half. */
const MIN_FLAGGED = 0.95;
const MIN_AUTHENTIC = 0.95;

describe('the verifier on the held-out half of the generated corpus', () => {
  const corpus = buildAdversarialCorpus();

  it('generates the same corpus on every run, each kind in both halves', () => {
    expect(buildEntry('disguisedWording', 50_003)).toEqual(buildEntry('disguisedWording', 50_003));
    for (const kind of [...ADVERSARIAL_KINDS, ...HONEST_KINDS]) {
      const ofKind = corpus.filter((e) => e.kind === kind);
      expect(ofKind.filter((e) => e.half === 'heldOut').length).toBeGreaterThanOrEqual(40);
      expect(ofKind.filter((e) => e.half === 'tuning').length).toBeGreaterThanOrEqual(40);
    }
    expect(new Set(corpus.map((e) => e.input.listing.brand)).size).toBeGreaterThanOrEqual(8);
  });

  it(`flags at least ${MIN_FLAGGED * 100}% of adversarial listings and finds at least ${MIN_AUTHENTIC * 100}% of honest ones authentic`, () => {
    // Only the held-out half is read here; the tuning half is for tune-adversarial-corpus.ts.
    const measure = measureCorpus(corpus.filter((e) => e.half === 'heldOut'));
    console.log([describeMeasure('held-out half', measure), ...measure.mistakes.map((m) => `  wrong: ${m}`)].join('\n'));
    expect(measure.flaggedShare).toBeGreaterThanOrEqual(MIN_FLAGGED);
    expect(measure.authenticShare).toBeGreaterThanOrEqual(MIN_AUTHENTIC);
  });
});
