import type { VerificationResult, VerificationRun } from '@soleswap/contracts/verification';
import type { findVerificationRun } from './verification.repository';

type RunRecord = NonNullable<Awaited<ReturnType<typeof findVerificationRun>>>;

/** The API shape of a run; a run whose job the queue gave up on reads as failed. */
export function toVerificationRun(run: RunRecord): VerificationRun {
  if (run.jobGivenUp) {
    return {
      id: run.id,
      sneakerId: run.sneakerId,
      status: 'failed',
      result: null,
      error: 'The market data source did not answer. Please try again later.',
    };
  }
  return {
    id: run.id,
    sneakerId: run.sneakerId,
    status: run.status as VerificationRun['status'],
    result: (run.result as VerificationResult | null) ?? null,
    error: run.error,
  };
}
