/**
 * The verification module's plain values and badge wording (no schema library): the web's first
 * pages import these directly, and verification.ts re-exports them for everyone else.
 */

/**
 * The named checks the verifier runs, in the order the dialog lists them. The escrow text
 * quotes `VERIFICATION_CHECKS.length`, so the number on screen is the number that runs.
 */
export const VERIFICATION_CHECKS = [
  'catalogMatch',
  'styleCode',
  'sizeRun',
  'conditionAge',
  'valuePlausibility',
  'imageQuality',
  'imageOriginal',
  'ownerHistory',
] as const;
export type VerificationCheckName = (typeof VERIFICATION_CHECKS)[number];

/** What the dialog's passed/failed list calls each check. */
export const VERIFICATION_CHECK_LABELS: Record<VerificationCheckName, string> = {
  catalogMatch: 'Matches the catalogue release',
  styleCode: 'Style code format',
  sizeRun: "Size in the release's size run",
  conditionAge: 'Condition fits its age',
  valuePlausibility: 'Price in line with the market',
  imageQuality: 'Clear photo of the pair',
  imageOriginal: 'Original photo (not reused)',
  ownerHistory: 'Owner history',
};

/** Where a market price came from: the platform's own data, or one of the resale marketplaces. */
export const VERIFICATION_SOURCES = ['internal', 'stockx', 'goat'] as const;
export type VerificationSource = (typeof VERIFICATION_SOURCES)[number];

/** Scores at or above these earn the stronger badge wording. */
export const AUTHENTICATED_THRESHOLD = 0.9;
export const VERIFIED_THRESHOLD = 0.75;
/**
 * The lowest score that may be called authentic (and only when no critical check failed): the
 * same line as the "Verified" badge, so an authentic pair never shows "Pending".
 */
export const AUTHENTIC_MIN_SCORE = VERIFIED_THRESHOLD;

export type VerificationLabel = 'Authenticated' | 'Verified' | 'Pending' | 'Not Verified';

/**
 * The badge wording for a sneaker: never verified is 'Not Verified'; verified with a score
 * ≥ 0.9 'Authenticated', ≥ 0.75 'Verified', lower or missing 'Pending'. The score is the API's
 * decimal string ("0.87") or a number.
 */
export function verificationLabel({
  isVerified,
  verificationScore,
}: {
  isVerified: boolean;
  verificationScore: string | number | null | undefined;
}): VerificationLabel {
  if (!isVerified) return 'Not Verified';
  const score = typeof verificationScore === 'number' ? verificationScore : Number.parseFloat(verificationScore ?? '');
  if (!Number.isFinite(score)) return 'Pending';
  if (score >= AUTHENTICATED_THRESHOLD) return 'Authenticated';
  if (score >= VERIFIED_THRESHOLD) return 'Verified';
  return 'Pending';
}
