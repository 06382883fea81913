import { verdictOf, type Verdict } from '@soleswap/contracts/verification-values';

/** The verification columns of a sneaker row a verdict is derived from. */
export interface VerdictColumns {
  isVerified: boolean;
  verificationScore: string | null;
  lastVerificationDate: Date | null;
  verificationReview: 'confirmed' | 'cleared' | null;
  verificationReviewedAt: Date | null;
}

/**
 * A pair's verdict as every API view shows it. An operator's "cleared" lifts the flag only of the
 * verification it reviewed: a later run (after verificationReviewedAt) is a new verdict.
 */
export function sneakerVerdict(row: VerdictColumns, now: Date = new Date()): Verdict {
  const isFlagCleared =
    row.verificationReview === 'cleared' &&
    row.verificationReviewedAt !== null &&
    row.lastVerificationDate !== null &&
    row.verificationReviewedAt.getTime() >= row.lastVerificationDate.getTime();
  return verdictOf({ ...row, isFlagCleared }, now);
}

/** Whether the pair is flagged for review now (proposals and accepts of it need an acknowledgement). */
export function isFlagged(row: VerdictColumns): boolean {
  return sneakerVerdict(row).status === 'flagged';
}
