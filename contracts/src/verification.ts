import { z } from 'zod';

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

const moneyString = z.string().regex(/^\d{1,9}\.\d{2}$/);

/** What one check looked at: the listing's value, what it was compared with, and the verdict in words. */
export const VerificationEvidenceSchema = z.object({
  /** What the listing says (or what was measured), e.g. "style code XX-123". */
  observed: z.string(),
  /** What it was compared with, e.g. "Jordan format like DZ5485-612". */
  expected: z.string(),
  /** One sentence for the dialog saying why the check passed or failed. */
  summary: z.string(),
});
export type VerificationEvidence = z.infer<typeof VerificationEvidenceSchema>;

export const VerificationCheckResultSchema = z.object({
  name: z.enum(VERIFICATION_CHECKS),
  label: z.string(),
  passed: z.boolean(),
  /** Share of the score this check carries (the weights of all checks add up to 1). */
  weight: z.number().min(0).max(1),
  /** A failed critical check means "not authentic" whatever the score. */
  critical: z.boolean(),
  evidence: VerificationEvidenceSchema,
});
export type VerificationCheckResult = z.infer<typeof VerificationCheckResultSchema>;

/**
 * Answer of `POST /api/sneakers/:id/verify`. Money fields are decimal strings ("285.00"), null
 * when no market data was found; `verificationScore` is "0.00" to "1.00".
 */
export const VerificationResultSchema = z.object({
  isAuthentic: z.boolean(),
  verificationScore: z.string().regex(/^(0\.\d{2}|1\.00)$/),
  marketPrice: moneyString.nullable(),
  priceRange: z.object({ low: moneyString, high: moneyString }).nullable(),
  /** The market data source; `internal` when nothing else was configured or found. */
  source: z.enum(VERIFICATION_SOURCES),
  /** Check name to passed (true) or failed (false). */
  verificationDetails: z.record(z.enum(VERIFICATION_CHECKS), z.boolean()),
  /** Every check with its evidence, in VERIFICATION_CHECKS order, for the dialog. */
  checks: z.array(VerificationCheckResultSchema),
  /** ISO time the verification ran. */
  verifiedAt: z.iso.datetime(),
});
export type VerificationResult = z.infer<typeof VerificationResultSchema>;

/** Dialog progress per stage: ready, verifying, complete. */
export const VERIFICATION_PROGRESS = { ready: 0, verifying: 50, complete: 100 } as const;

/** How many sneakers one batch verification takes. */
export const BATCH_VERIFY_MAX = 100;

/** POST /api/sneakers/batch-verify */
export const BatchVerifySchema = z.object({
  sneakerIds: z
    .array(z.number({ error: 'sneakerIds must be sneaker ids' }).int().positive().max(2_147_483_647), {
      error: 'sneakerIds must be a list of sneaker ids',
    })
    .min(1, 'Choose at least one sneaker to verify')
    .max(BATCH_VERIFY_MAX, `At most ${BATCH_VERIFY_MAX} sneakers can be verified at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type BatchVerifyInput = z.input<typeof BatchVerifySchema>;

/** A verification run as `GET /api/verifications/:id` reports it. */
export const VERIFICATION_RUN_STATUSES = ['queued', 'done', 'failed'] as const;
export type VerificationRunStatus = (typeof VERIFICATION_RUN_STATUSES)[number];

export interface VerificationRun {
  /** Follow it with `GET /api/verifications/:id`. */
  id: number;
  sneakerId: number;
  status: VerificationRunStatus;
  /** Set once done. */
  result: VerificationResult | null;
  /** Why it failed, in words, once failed. */
  error: string | null;
}

/**
 * Answer of `POST /api/sneakers/batch-verify`: how many came out authentic (`verified`), how
 * many were flagged for review, and the runs still going (answered with 202 while any are).
 */
export interface BatchVerifyResult {
  verified: number;
  flagged: number;
  /** Runs that could not finish (the sneaker changed or went away meanwhile). */
  failed: number;
  /** Sneakers left out because escrow holds them. */
  skipped: number;
  /** Ids of the runs still going (`GET /api/verifications/:id`). */
  pending: number[];
}
