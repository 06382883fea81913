import { describe, expect, it } from 'vitest';
import { hasDifferentMarketPrice, ownerHandle } from './sneaker-display';
import { scorePercent, verificationBadge, verificationSourceLabel } from './verification';

describe('verificationBadge', () => {
  const verified = (verificationScore: string | null) => verificationBadge({ isVerified: true, verificationScore });

  it('says Authenticated from 0.9, Verified from 0.75, Pending below or without a score', () => {
    expect(verified('1.00').label).toBe('Authenticated');
    expect(verified('0.90').label).toBe('Authenticated');
    expect(verified('0.89').label).toBe('Verified');
    expect(verified('0.75').label).toBe('Verified');
    expect(verified('0.74').label).toBe('Pending');
    expect(verified(null).label).toBe('Pending');
  });

  it('says Not Verified for an unverified sneaker, whatever its score', () => {
    expect(verificationBadge({ isVerified: false, verificationScore: '0.95' }).label).toBe('Not Verified');
  });
});

describe('verification tooltip wording', () => {
  it('names the source and rounds the score to a percentage', () => {
    expect(verificationSourceLabel('stockx')).toBe('StockX Verified');
    expect(verificationSourceLabel('goat')).toBe('GOAT Authenticated');
    expect(verificationSourceLabel('internal')).toBe('Smart Verified');
    expect(verificationSourceLabel('somewhere')).toBe('Platform Verified');
    expect(scorePercent('0.874')).toBe('87%');
    expect(scorePercent(null)).toBeNull();
  });
});

describe('card helpers', () => {
  it('shows a market price only when it differs from the estimate, comparing amounts not text', () => {
    expect(hasDifferentMarketPrice({ marketPrice: '300.00', estimatedValue: '250.00' })).toBe(true);
    expect(hasDifferentMarketPrice({ marketPrice: '250', estimatedValue: '250.00' })).toBe(false);
    expect(hasDifferentMarketPrice({ marketPrice: null, estimatedValue: '250.00' })).toBe(false);
  });

  it('names the owner by username, else the first 8 characters of their id', () => {
    expect(ownerHandle('abcdef1234567', { username: 'kicks' })).toBe('kicks');
    expect(ownerHandle('abcdef1234567', { username: null })).toBe('abcdef12');
  });
});
