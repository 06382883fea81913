import { describe, expect, it } from 'vitest';
import { runVerification } from '../verifier';
import { buildInput } from '../test-support/build-input';
import { imageQualityCheck } from './image-quality';

const photo = (width: number, height: number) => ({ kind: 'photo' as const, width, height, fingerprint: '0'.repeat(32) });

describe('imageQuality', () => {
  it('passes photos large enough to inspect', () => {
    expect(imageQualityCheck.run(buildInput({ images: [photo(1600, 1200)] }))).toMatchObject({
      passed: true,
      evidence: { observed: '1600 × 1200 px photo' },
    });
  });

  it('lowers the score for a small but usable photo, without vetoing', () => {
    const outcome = imageQualityCheck.run(buildInput({ images: [photo(1600, 300)] }));
    expect(outcome).toMatchObject({ passed: false, vetoes: false, evidence: { summary: 'The photo is too small to inspect.' } });
  });

  it('makes a pair with a 96 × 96 photo not authentic, whatever else passes, naming the smallest of its photos', () => {
    const images = [photo(1600, 1200), photo(96, 96)];
    const outcome = imageQualityCheck.run(buildInput({ images }));
    expect(outcome.passed).toBe(false);
    expect(outcome.vetoes).toBeUndefined();
    expect(outcome.evidence.observed).toBe('2 photos, the smallest 96 × 96 px');
    const result = runVerification(buildInput({ images }));
    expect(result.isAuthentic).toBe(false);
    expect(result.checks.find((c) => c.name === 'imageQuality')).toMatchObject({ passed: false, critical: true });
  });

  it('fails without a photo or with the catalogue artwork, only lowering the score', () => {
    expect(imageQualityCheck.run(buildInput({ images: [] }))).toMatchObject({ passed: false, vetoes: false });
    expect(imageQualityCheck.run(buildInput({ images: [{ kind: 'artwork' }] })).evidence.observed).toBe('catalogue artwork');
  });
});
