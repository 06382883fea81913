import { z } from 'zod';
import { VERIFICATION_CHECKS, VERIFICATION_SOURCES, type Verdict, type VerificationReview } from './verification-values';

/** The checks, sources, thresholds and badge wording live in verification-values.ts. */
export * from './verification-values';

const moneyString = z.string().regex(/^\d{1,9}\.\d{2}$/);

/** What one check looked at: the listing's value, what it was compared with, and the verdict in words. */
/** A region of a photo in shares of its width and height (0 to 1). */
const PhotoRegionSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * For a borrowed photo (imageOriginal), the earlier photo it copies beside the copy, with where the
 * two show the same picture, so a reviewer can see it: the matched keypoints' box on each, and the
 * original's box carried into the copy (four corners, shares of the copy's size).
 */
export const PhotoMatchEvidenceSchema = z.object({
  originalUrl: z.string(),
  copyUrl: z.string(),
  originalRegion: PhotoRegionSchema,
  copyRegion: PhotoRegionSchema,
  copyQuad: z.array(z.tuple([z.number(), z.number()])).length(4),
  /** Keypoint pairs one transform explains. */
  matchedPoints: z.number().int(),
});
export type PhotoMatchEvidence = z.infer<typeof PhotoMatchEvidenceSchema>;

export const VerificationEvidenceSchema = z.object({
  /** What the listing says (or what was measured), e.g. "style code XX-123". */
  observed: z.string(),
  /** What it was compared with, e.g. "Jordan format like DZ5485-612". */
  expected: z.string(),
  /** One sentence for the dialog saying why the check passed or failed. */
  summary: z.string(),
  photoMatch: PhotoMatchEvidenceSchema.optional(),
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

/** The operator's note on a review of a flagged pair (GET /api/admin/verification/flagged). */
const reviewNoteSchema = z.string({ error: 'Write a note' }).trim().max(500, 'Keep the note under 500 characters');

/** POST /api/admin/verification/:id/confirm: the flag stands and the listing is hidden from trading. */
export const ConfirmFlagSchema = z.object({ note: reviewNoteSchema.optional() });
export type ConfirmFlag = z.infer<typeof ConfirmFlagSchema>;

/** POST /api/admin/verification/:id/clear: the flag is lifted (the pair reads "Not verified"); the note says why. */
export const ClearFlagSchema = z.object({ note: reviewNoteSchema.min(1, 'Say why the flag is cleared') });
export type ClearFlag = z.infer<typeof ClearFlagSchema>;

/** One pair of the operator's review queue: the listing, its verdict and evidence beside the release it was matched to. */
export interface FlaggedPair {
  sneaker: {
    id: number;
    name: string;
    brand: string;
    model: string;
    colorway: string | null;
    styleCode: string | null;
    size: string;
    condition: string;
    imageUrl: string | null;
    isAvailableForTrade: boolean;
    owner: { id: string; username: string | null };
  };
  verdict: Verdict;
  /** Every check of the flagged verification with its evidence. */
  checks: VerificationCheckResult[];
  /** The catalogue release the pair was matched with, and its picture, to compare with the photo. */
  release: { id: number; name: string; styleCode: string; colorway: string; imageUrl: string } | null;
  review: VerificationReview | null;
  reviewNote: string | null;
  reviewedAt: string | null;
  /** When the owner appealed (once per pair); an appeal after a confirmation brings the pair back to the queue. */
  appealedAt: string | null;
}
