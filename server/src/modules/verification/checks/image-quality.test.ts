import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { imageQualityCheck } from './image-quality';

const photo = (width: number, height: number) => ({ kind: 'photo' as const, width, height, fingerprint: '0'.repeat(32) });

describe('imageQuality', () => {
  it('passes a photo large enough to inspect', () => {
    expect(imageQualityCheck.run(buildInput({ image: photo(1600, 1200) }))).toMatchObject({
      passed: true,
      evidence: { observed: '1600 × 1200 px photo' },
    });
  });

  it('fails a photo too small on its short side', () => {
    expect(imageQualityCheck.run(buildInput({ image: photo(1600, 300) })).evidence.summary).toBe('The photo is too small to inspect.');
  });

  it('fails without a photo or with the catalogue artwork', () => {
    expect(imageQualityCheck.run(buildInput({ image: null })).passed).toBe(false);
    expect(imageQualityCheck.run(buildInput({ image: { kind: 'artwork' } })).evidence.observed).toBe('catalogue artwork');
  });
});
