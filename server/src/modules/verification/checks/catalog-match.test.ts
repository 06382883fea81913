import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { catalogMatchCheck } from './catalog-match';

describe('catalogMatch', () => {
  it('passes when brand, model and colorway agree with the release, ignoring case, "Retro" and omitted colours', () => {
    const outcome = catalogMatchCheck.run(buildInput({ listing: { brand: 'jordan', colorway: 'black / cement grey' } }));
    expect(outcome.passed).toBe(true);
    expect(outcome.evidence.expected).toBe('Jordan Air Jordan 4, Black/Cement Grey/Summit White/Fire Red');
  });

  it('names every field that differs', () => {
    const outcome = catalogMatchCheck.run(buildInput({ listing: { brand: 'Nike', model: 'Air Jordan 40', colorway: 'University Blue' } }));
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toBe('The brand, model, colorway differ from the catalogue release.');
    expect(outcome.evidence.observed).toBe('Nike Air Jordan 40, University Blue');
  });

  it('fails without a linked release or without a colorway', () => {
    expect(catalogMatchCheck.run(buildInput({ release: null })).evidence.summary).toMatch(/Not linked/);
    expect(catalogMatchCheck.run(buildInput({ listing: { colorway: null } })).passed).toBe(false);
  });

  it('is weighted but never vetoes on its own', () => {
    expect(catalogMatchCheck).toMatchObject({ weight: 15, critical: false });
  });
});

describe('model matching', () => {
  const model = (listed: string, release: string) =>
    catalogMatchCheck.run(buildInput({ listing: { model: listed }, release: { model: release } })).passed;

  it('accepts added words and one left-out word, not a bare brand name', () => {
    expect(model('Air Jordan 4 Retro OG', 'Air Jordan 4')).toBe(true);
    expect(model('Kobe 4', 'Kobe 4 Protro')).toBe(true);
    expect(model('Jordan', 'Air Jordan 4')).toBe(false);
    expect(model('Air Jordan 40', 'Air Jordan 4')).toBe(false);
  });
});
