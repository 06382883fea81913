import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { conditionAgeCheck } from './condition-age';

const now = new Date('2025-06-01T12:00:00Z');

describe('conditionAge', () => {
  it('passes a pair bought after release whose wear fits its age', () => {
    const outcome = conditionAgeCheck.run(buildInput({ now, listing: { condition: '7', purchaseDate: '2024-03-01' } }));
    expect(outcome.passed).toBe(true);
    expect(outcome.evidence.summary).toBe('Condition 7/10 fits a pair 457 days old.');
  });

  it('allows early access but not a purchase months before release', () => {
    expect(conditionAgeCheck.run(buildInput({ now, listing: { purchaseDate: '2024-02-01' } })).passed).toBe(true);
    const outcome = conditionAgeCheck.run(buildInput({ now, listing: { purchaseDate: '2023-10-01' } }));
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toBe('Bought well before the pair was released.');
  });

  it('fails dates in the future', () => {
    expect(conditionAgeCheck.run(buildInput({ now, listing: { purchaseDate: '2025-07-01' } })).evidence.summary).toMatch(/future/);
    expect(conditionAgeCheck.run(buildInput({ now, release: { releaseDate: '2025-09-01' }, listing: { purchaseDate: null } })).passed).toBe(false);
  });

  it('fails heavy wear on a pair bought weeks ago', () => {
    const outcome = conditionAgeCheck.run(buildInput({ now, listing: { condition: '5', purchaseDate: '2025-05-20' } }));
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toMatch(/after only 12 days/);
  });

  it('uses the release date when the purchase date is unknown, and fails with neither', () => {
    expect(conditionAgeCheck.run(buildInput({ now, listing: { purchaseDate: null } })).passed).toBe(true);
    expect(conditionAgeCheck.run(buildInput({ now, release: null, listing: { purchaseDate: null } })).passed).toBe(false);
  });
});
