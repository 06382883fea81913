import { VERIFICATION_CHECKS, VerificationResultSchema } from '@soleswap/contracts/verification';
import { describe, expect, it } from 'vitest';
import type { MarketDataSource } from './market-data-source';
import { buildInput } from './test-support/build-input';
import { runVerification, scoreHundredths, VERIFICATION_CHECK_SET, verifySneaker } from './verifier';

describe('the check set', () => {
  it('runs every named check once, in the order of the contract, with weights adding up to 100', () => {
    expect(VERIFICATION_CHECK_SET.map((c) => c.name)).toEqual([...VERIFICATION_CHECKS]);
    expect(VERIFICATION_CHECK_SET.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(VERIFICATION_CHECK_SET.filter((c) => c.critical).map((c) => c.name)).toEqual([
      'styleCode',
      'sizeRun',
      'valuePlausibility',
      'listingWording',
      'imageQuality',
      'imageOriginal',
      'warningSigns',
    ]);
    expect(VERIFICATION_CHECK_SET.find((c) => c.name === 'ownerHistory')!.critical).toBe(false);
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

  const brandNew = { accountCreatedAt: new Date('2025-05-31T12:00:00Z'), completedTrades: 0, reputation: '0.00' };

  it("authenticates a brand-new member's honest pair: account age and trade history lower the score, never veto", () => {
    const result = runVerification(buildInput({ owner: brandNew }));
    expect(result).toMatchObject({ verificationScore: '0.90', isAuthentic: true });
    expect(result.checks.find((c) => c.name === 'ownerHistory')).toMatchObject({ passed: false, critical: false });
  });

  it('still calls it authentic at exactly 0.75 when only non-critical checks failed', () => {
    // catalogMatch 15 + ownerHistory 10 = 25 of 100 lost.
    const result = runVerification(buildInput({ listing: { colorway: 'Pink' }, owner: brandNew }));
    expect(result).toMatchObject({ verificationScore: '0.75', isAuthentic: true });
    expect(result.verificationDetails).toMatchObject({ catalogMatch: false, ownerHistory: false, styleCode: true });
  });

  it('is not authentic below 0.75', () => {
    // catalogMatch 15 + ownerHistory 10 + conditionAge 5 = 30 lost.
    const result = runVerification(buildInput({ listing: { colorway: 'Pink', purchaseDate: '2030-01-01' }, owner: brandNew }));
    expect(result).toMatchObject({ verificationScore: '0.70', isAuthentic: false });
  });

  it.each([
    ['a price far below the market', { listing: { estimatedValueCents: 5_000 } }, 'valuePlausibility', '0.85'],
    ['a size outside the run', { listing: { size: '4' } }, 'sizeRun', '0.90'],
    ['a code in no format of the brand', { listing: { styleCode: 'XX-123' } }, 'styleCode', '0.90'],
    ["another release's code", { listing: { styleCode: 'CT8012-104' } }, 'styleCode', '0.90'],
    ['replica wording', { listing: { description: 'UA 1:1 replica, best batch' } }, 'listingWording', '0.90'],
    ['a 96 × 96 photo', { images: [{ kind: 'photo' as const, width: 96, height: 96, fingerprint: '0'.repeat(32) }] }, 'imageQuality', '0.90'],
  ] as const)('is not authentic with %s, however high the score, showing the evidence', (_, overrides, check, score) => {
    const result = runVerification(buildInput(overrides));
    expect(result).toMatchObject({ verificationScore: score, isAuthentic: false });
    expect(result.checks.filter((c) => !c.passed)).toEqual([expect.objectContaining({ name: check, critical: true })]);
    expect(result.checks.find((c) => c.name === check)!.evidence.observed).not.toBe('');
  });

  it('only lowers the score without a market quote, naming the source that was asked', () => {
    const result = runVerification(buildInput({ market: null }), { fallbackSource: 'stockx' });
    expect(result).toMatchObject({ marketPrice: null, priceRange: null, source: 'stockx', verificationScore: '0.85', isAuthentic: true });
    expect(result.checks.find((c) => c.name === 'valuePlausibility')).toMatchObject({ passed: false, critical: false });
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
