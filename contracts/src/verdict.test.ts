import { describe, expect, it } from 'vitest';
import { verdictOf } from './verification-values';

const NOW = new Date('2026-06-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('verdictOf', () => {
  it('says Not verified, without score or date, for a pair never verified (or whose verification was dropped)', () => {
    expect(verdictOf({ isVerified: false, verificationScore: null, lastVerificationDate: null }, NOW)).toEqual({
      status: 'not_verified',
      label: 'Not verified',
      score: null,
      date: null,
      isStale: false,
    });
  });

  it('says Flagged for review when the latest run found the pair not authentic, with its score and date', () => {
    const verdict = verdictOf({ isVerified: false, verificationScore: '0.41', lastVerificationDate: '2026-05-20T10:00:00.000Z' }, NOW);
    expect(verdict).toEqual({ status: 'flagged', label: 'Flagged for review', score: '0.41', date: '2026-05-20T10:00:00.000Z', isStale: false });
  });

  it('a high score with a failed critical check is still flagged (the run said not authentic)', () => {
    expect(verdictOf({ isVerified: false, verificationScore: '0.95', lastVerificationDate: NOW }, NOW).status).toBe('flagged');
  });

  it('an operator-cleared flag reads Not verified', () => {
    const verdict = verdictOf({ isVerified: false, verificationScore: '0.41', lastVerificationDate: NOW, isFlagCleared: true }, NOW);
    expect(verdict.status).toBe('not_verified');
    expect(verdict.label).toBe('Not verified');
  });

  it('says Authenticated from 0.9 and Verified from 0.75', () => {
    expect(verdictOf({ isVerified: true, verificationScore: '0.93', lastVerificationDate: NOW }, NOW).label).toBe('Authenticated');
    expect(verdictOf({ isVerified: true, verificationScore: 0.8, lastVerificationDate: NOW }, NOW)).toMatchObject({
      label: 'Verified',
      score: '0.80',
    });
  });

  it('a verdict older than 90 days is stale, and keeps its status', () => {
    const old = new Date(NOW.getTime() - 91 * DAY);
    expect(verdictOf({ isVerified: true, verificationScore: '0.95', lastVerificationDate: old }, NOW)).toMatchObject({
      status: 'authenticated',
      isStale: true,
    });
    const recent = new Date(NOW.getTime() - 89 * DAY);
    expect(verdictOf({ isVerified: false, verificationScore: '0.30', lastVerificationDate: recent }, NOW)).toMatchObject({
      status: 'flagged',
      isStale: false,
    });
  });
});
