import type { Sneaker } from '@soleswap/contracts/sneakers';
import { verificationLabel, type VerificationLabel } from '@soleswap/contracts/verification-values';
import type { BadgeVariant } from '../../components/ui/badge';

export interface VerificationBadgeState {
  label: VerificationLabel;
  variant: BadgeVariant;
}

const BADGE_VARIANTS: Record<VerificationLabel, BadgeVariant> = {
  Authenticated: 'success',
  Verified: 'success',
  Pending: 'warning',
  'Not Verified': 'outline',
};

/** The card's verification badge; the thresholds live in contracts so the server's verdict and the badge agree. */
export function verificationBadge(sneaker: Pick<Sneaker, 'isVerified' | 'verificationScore'>): VerificationBadgeState {
  const label = verificationLabel(sneaker);
  return { label, variant: BADGE_VARIANTS[label] };
}

/**
 * The tooltip's source wording (see docs/rules/sneakers.md#verification). The internal verifier is a set of named
 * checks, not AI, so it reads 'Smart Verified' (see docs/decisions/008-honest-copy.md).
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
