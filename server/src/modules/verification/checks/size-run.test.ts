import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { sizeRunCheck } from './size-run';

describe('sizeRun', () => {
  it("passes a size of the release's run, comparing numbers not text", () => {
    const outcome = sizeRunCheck.run(buildInput({ listing: { size: '10.0' } }));
    expect(outcome).toMatchObject({ passed: true, evidence: { observed: 'US 10.0', expected: 'US 7 to 15' } });
  });

  it('fails a size the release was not made in', () => {
    const outcome = sizeRunCheck.run(buildInput({ listing: { size: '16' } }));
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toBe('The release was not made in US 16: no real pair exists in this size.');
  });

  it('vetoes a US 4 of a release made from 7, but only lowers the score without a release', () => {
    expect(sizeRunCheck.run(buildInput({ listing: { size: '4' } }))).toMatchObject({
      passed: false,
      evidence: { observed: 'US 4', expected: 'US 7 to 15' },
    });
    expect(sizeRunCheck.run(buildInput({ listing: { size: '4' } })).vetoes).toBeUndefined();
    expect(sizeRunCheck.run(buildInput({ release: null })).vetoes).toBe(false);
    expect(sizeRunCheck.critical).toBe(true);
  });

  it('fails without a release to compare with', () => {
    expect(sizeRunCheck.run(buildInput({ release: null })).passed).toBe(false);
  });
});
