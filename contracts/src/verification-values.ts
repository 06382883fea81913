import { DAY_MS } from './time';
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
  'listingWording',
  'imageQuality',
  'imageOriginal',
  'ownerHistory',
  'warningSigns',
] as const;
export type VerificationCheckName = (typeof VERIFICATION_CHECKS)[number];

/** What the dialog's passed/failed list calls each check. */
export const VERIFICATION_CHECK_LABELS: Record<VerificationCheckName, string> = {
  catalogMatch: 'Matches the catalogue release',
  styleCode: 'Style code of the brand and release',
  sizeRun: "Size in the release's size run",
  conditionAge: 'Condition fits its age',
  valuePlausibility: 'Price in line with the market',
  listingWording: 'No replica wording',
  imageQuality: 'Clear photo of the pair',
  imageOriginal: 'Original photo (not reused)',
  ownerHistory: 'Owner history',
  warningSigns: 'No mix of warning signs',
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

/**
 * What a trader is told about a pair wherever they decide (cards, proposal picker, trade card,
 * counter dialog, loops, matches): `verdict` in the API's sneaker, trade-sneaker, loop and match
 * views, derived here once so every view says the same.
 * - authenticated / verified: the latest verification found it authentic (score ≥ 0.9 / ≥ 0.75);
 * - flagged: the latest verification found it not authentic (a critical check failed or the score
 *   is below AUTHENTIC_MIN_SCORE), and no operator has cleared it since;
 * - not_verified: never verified, or the verification was dropped (an identifying field or the
 *   photo changed), or an operator cleared the flag.
 */
export const VERDICT_STATUSES = ['authenticated', 'verified', 'not_verified', 'flagged'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

export const VERDICT_LABELS: Record<VerdictStatus, string> = {
  authenticated: 'Authenticated',
  verified: 'Verified',
  not_verified: 'Not verified',
  flagged: 'Flagged for review',
};

/** A verdict older than this is shown as stale: the pair may have changed hands or wear since. */
export const VERDICT_STALE_DAYS = 90;

export interface Verdict {
  status: VerdictStatus;
  label: string;
  /** The latest verification's score ("0.00" to "1.00"); null when never verified or dropped. */
  score: string | null;
  /** When the latest verification ran (ISO); null when never verified or dropped. */
  date: string | null;
  /** The verification is older than VERDICT_STALE_DAYS. */
  isStale: boolean;
}

/** What the verdict is derived from: the sneaker's verification columns. */
export interface VerdictFacts {
  isVerified: boolean;
  verificationScore: string | number | null;
  lastVerificationDate: Date | string | null;
  /** An operator cleared the flag of the latest verification (the review queue). */
  isFlagCleared?: boolean;
}

/** The verdict of a pair at `now` (see VERDICT_STATUSES). */
export function verdictOf(facts: VerdictFacts, now: Date = new Date()): Verdict {
  const date = facts.lastVerificationDate === null ? null : new Date(facts.lastVerificationDate);
  const raw = facts.verificationScore;
  const score = raw === null ? null : typeof raw === 'number' ? raw.toFixed(2) : raw;
  if (date === null || Number.isNaN(date.getTime())) {
    return { status: 'not_verified', label: VERDICT_LABELS.not_verified, score: null, date: null, isStale: false };
  }
  const numeric = score === null ? Number.NaN : Number.parseFloat(score);
  let status: VerdictStatus;
  if (!facts.isVerified) status = facts.isFlagCleared ? 'not_verified' : 'flagged';
  else if (numeric >= AUTHENTICATED_THRESHOLD) status = 'authenticated';
  else if (numeric >= VERIFIED_THRESHOLD) status = 'verified';
  // Marked verified without a score on the line (older data): not a claim we can back.
  else status = 'not_verified';
  const isStale = now.getTime() - date.getTime() > VERDICT_STALE_DAYS * DAY_MS;
  return { status, label: VERDICT_LABELS[status], score, date: date.toISOString(), isStale };
}

/**
 * An operator's review of a flagged pair (GET /api/admin/verification/flagged): `confirmed` keeps
 * the flag and hides the listing from trading; `cleared` lifts the flag (the pair reads "Not verified").
 */
export const VERIFICATION_REVIEWS = ['confirmed', 'cleared'] as const;
export type VerificationReview = (typeof VERIFICATION_REVIEWS)[number];
