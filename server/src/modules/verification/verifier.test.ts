import { VERIFICATION_CHECKS, VerificationResultSchema } from '@soleswap/contracts/verification';
import { describe, expect, it } from 'vitest';
import type { MarketDataSource } from './market-data-source';
import { buildInput } from './test-support/build-input';
import { runVerification, scoreHundredths, VERIFICATION_CHECK_SET, verifySneaker } from './verifier';

describe('the check set', () => {
  it('runs every named check once, in the order of the contract, with weights adding up to 100', () => {
    expect(VERIFICATION_CHECK_SET.map((c) => c.name)).toEqual([...VERIFICATION_CHECKS]);
    expect(VERIFICATION_CHECK_SET.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(VERIFICATION_CHECK_SET.filter((c) => c.critical).map((c) => c.name)).toEqual(['valuePlausibility', 'imageOriginal']);
  });
});

describe('scoreHundredths', () => {
  it('is the weighted pass ratio, rounded down', () => {
    expect(
      scoreHundredths([
        { weight: 3, passed: true },
        { weight: 1, passed: false },
      ]),
    ).toBe(75);
    expect(
      scoreHundredths([
        { weight: 2, passed: true },
        { weight: 1, passed: false },
      ]),
    ).toBe(66);
    expect(scoreHundredths([{ weight: 1, passed: true }])).toBe(100);
    expect(scoreHundredths([{ weight: 1, passed: false }])).toBe(0);
    expect(scoreHundredths([])).toBe(0);
  });
});

describe('runVerification', () => {
  it('calls a pair that passes everything authentic with a score of 1.00 and the market quote in dollars', () => {
    const result = runVerification(buildInput());
    expect(VerificationResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      isAuthentic: true,
      verificationScore: '1.00',
      marketPrice: '250.00',
      priceRange: { low: '210.00', high: '320.00' },
      source: 'internal',
      verifiedAt: '2025-06-01T12:00:00.000Z',
    });
    expect(Object.values(result.verificationDetails).every(Boolean)).toBe(true);
    expect(result.checks.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1);
  });

  it('still calls it authentic at exactly 0.75 when only non-critical checks failed', () => {
    // catalogMatch 15 + sizeRun 10 = 25 of 100 lost.
    const result = runVerification(buildInput({ listing: { colorway: 'Pink', size: '16' } }));
    expect(result).toMatchObject({ verificationScore: '0.75', isAuthentic: true });
    expect(result.verificationDetails).toMatchObject({ catalogMatch: false, sizeRun: false, styleCode: true });
  });

  it('is not authentic below 0.75', () => {
    // catalogMatch 15 + sizeRun 10 + conditionAge 5 = 30 lost.
    const result = runVerification(buildInput({ listing: { colorway: 'Pink', size: '16', purchaseDate: '2030-01-01' } }));
    expect(result).toMatchObject({ verificationScore: '0.70', isAuthentic: false });
  });

  it('is not authentic when a critical check fails, however high the score', () => {
    const result = runVerification(buildInput({ listing: { estimatedValueCents: 5_000 } }));
    expect(result).toMatchObject({ verificationScore: '0.80', isAuthentic: false });
    expect(result.verificationDetails.valuePlausibility).toBe(false);
  });

  it('reports no market price without a quote, naming the source that was asked', () => {
    const result = runVerification(buildInput({ market: null }), { fallbackSource: 'stockx' });
    expect(result).toMatchObject({ marketPrice: null, priceRange: null, source: 'stockx', isAuthentic: false });
  });
});

describe('verifySneaker', () => {
  it('asks the market data source and verifies with its quote', async () => {
    const asked: unknown[] = [];
    const marketData: MarketDataSource = {
      name: 'internal',
      async quote(input) {
        asked.push(input);
        return { marketPrice: 30_000, low: 26_000, high: 36_000, source: 'internal' };
      },
    };
    const { market: _market, ...facts } = buildInput();
    const marketQuery = { catalogReleaseId: 3, brand: 'Jordan', model: 'Air Jordan 4', colorway: 'Black/Cement Grey', styleCode: 'FV5029-006' };
    const result = await verifySneaker({ facts, marketQuery, marketData });
    expect(asked).toEqual([marketQuery]);
    expect(result).toMatchObject({ marketPrice: '300.00', priceRange: { low: '260.00', high: '360.00' } });
  });
});
