import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { BadgeVariant } from '../../components/ui/badge';

/** Spec 4 / 9: scores at or above these earn the stronger wording. */
export const AUTHENTICATED_THRESHOLD = 0.9;
export const VERIFIED_THRESHOLD = 0.75;

export type VerificationLabel = 'Authenticated' | 'Verified' | 'Pending' | 'Not Verified';

export interface VerificationBadgeState {
  label: VerificationLabel;
  variant: BadgeVariant;
}

/**
 * The card's verification badge (spec 4): verified with a score ≥ 0.9 is
 * 'Authenticated', ≥ 0.75 'Verified', lower or missing 'Pending'; an unverified
 * sneaker is 'Not Verified'.
 */
export function verificationBadge(sneaker: Pick<Sneaker, 'isVerified' | 'verificationScore'>): VerificationBadgeState {
  if (!sneaker.isVerified) return { label: 'Not Verified', variant: 'outline' };
  const score = Number.parseFloat(sneaker.verificationScore ?? '');
  if (Number.isFinite(score) && score >= AUTHENTICATED_THRESHOLD) return { label: 'Authenticated', variant: 'success' };
  if (Number.isFinite(score) && score >= VERIFIED_THRESHOLD) return { label: 'Verified', variant: 'success' };
  return { label: 'Pending', variant: 'warning' };
}

/**
 * The tooltip's source wording (spec 4). The internal verifier is a set of named
 * checks, not AI, so it reads 'Smart Verified' (decisions.md 1).
 */
export function verificationSourceLabel(source: string | null | undefined): string {
  switch (source?.toLowerCase()) {
    case 'stockx':
      return 'StockX Verified';
    case 'goat':
      return 'GOAT Authenticated';
    case 'internal':
      return 'Smart Verified';
    default:
      return 'Platform Verified';
  }
}

/** "0.874" → "87%": the authentication score as a rounded percentage; null when missing. */
export function scorePercent(score: string | null | undefined): string | null {
  const value = Number.parseFloat(score ?? '');
  return Number.isFinite(value) ? `${Math.round(value * 100)}%` : null;
}
