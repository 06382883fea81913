import { describe, expect, it } from 'vitest';
import { AUTHENTIC_MIN_SCORE, VERIFICATION_CHECK_LABELS, VERIFICATION_CHECKS, VerificationResultSchema, verificationLabel } from './verification';

describe('verificationLabel', () => {
  const verified = (verificationScore: string | number | null) => verificationLabel({ isVerified: true, verificationScore });

  it('says Authenticated from 0.9, Verified from 0.75, Pending below or without a score', () => {
    expect(verified('1.00')).toBe('Authenticated');
    expect(verified('0.90')).toBe('Authenticated');
    expect(verified(0.9)).toBe('Authenticated');
    expect(verified('0.89')).toBe('Verified');
    expect(verified('0.75')).toBe('Verified');
    expect(verified('0.74')).toBe('Pending');
    expect(verified(null)).toBe('Pending');
    expect(verified('not a number')).toBe('Pending');
  });

  it('says Not Verified for a sneaker never verified, whatever its score', () => {
    expect(verificationLabel({ isVerified: false, verificationScore: '0.95' })).toBe('Not Verified');
  });

  it('draws the authentic line where the Verified badge starts', () => {
    expect(verified(AUTHENTIC_MIN_SCORE)).toBe('Verified');
  });
});

describe('VerificationResultSchema', () => {
  const check = { label: 'x', passed: true, weight: 0.125, critical: false, evidence: { observed: 'a', expected: 'b', summary: 'c' } };
  const result = {
    isAuthentic: true,
    verificationScore: '0.92',
    marketPrice: '285.00',
    priceRange: { low: '240.00', high: '360.00' },
    source: 'internal',
    verificationDetails: Object.fromEntries(VERIFICATION_CHECKS.map((name) => [name, true])),
    checks: VERIFICATION_CHECKS.map((name) => ({ ...check, name })),
    verifiedAt: '2025-06-01T12:00:00.000Z',
  };

  it('accepts a full result and labels every check', () => {
    expect(VerificationResultSchema.parse(result)).toEqual(result);
    expect(Object.keys(VERIFICATION_CHECK_LABELS)).toEqual([...VERIFICATION_CHECKS]);
  });

  it('rejects a score outside 0.00 to 1.00, an unknown source or a missing check', () => {
    expect(VerificationResultSchema.safeParse({ ...result, verificationScore: '1.20' }).success).toBe(false);
    expect(VerificationResultSchema.safeParse({ ...result, verificationScore: '0.9' }).success).toBe(false);
    expect(VerificationResultSchema.safeParse({ ...result, source: 'ebay' }).success).toBe(false);
    const { ownerHistory: _dropped, ...partial } = result.verificationDetails;
    expect(VerificationResultSchema.safeParse({ ...result, verificationDetails: partial }).success).toBe(false);
  });

  it('allows a result without market data', () => {
    expect(VerificationResultSchema.safeParse({ ...result, marketPrice: null, priceRange: null }).success).toBe(true);
  });
});
