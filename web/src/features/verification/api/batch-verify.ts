import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchVerifyResult, VerificationRun } from '@soleswap/contracts/verification';
import { apiRequest, getJson } from '../../../lib/api-client';
import { RUN_POLL_MS } from './verify-sneaker';
import { invalidateAfterVerification } from './verification-keys';

/** Verify All: `POST /api/sneakers/batch-verify`, then any runs still going followed to the end. */
export async function batchVerify(sneakerIds: number[]): Promise<BatchVerifyResult> {
  const result = await apiRequest<BatchVerifyResult>('POST', '/api/sneakers/batch-verify', { sneakerIds });
  let pending = result.pending;
  const totals = { ...result, pending: [] as number[] };
  while (pending.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
    const runs = await Promise.all(pending.map((id) => getJson<VerificationRun>(`/api/verifications/${id}`)));
    for (const run of runs) {
      if (run.status === 'done') totals[run.result?.isAuthentic ? 'verified' : 'flagged'] += 1;
      if (run.status === 'failed') totals.failed += 1;
    }
    pending = runs.filter((r) => r.status === 'queued').map((r) => r.id);
  }
  return totals;
}

export function useBatchVerify() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: batchVerify, onSuccess: () => invalidateAfterVerification(queryClient) });
}
