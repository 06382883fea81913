import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationResult, VerificationRun } from '@soleswap/contracts/verification';
import { apiRequest, getJson } from '../../../lib/api-client';
import { invalidateAfterVerification } from './verification-keys';

/** How often a verification that outlasted the request is looked at again. */
export const RUN_POLL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Follows a run (`GET /api/verifications/:id`) until it is done; a failed run throws its reason. */
export async function followRun(id: number, pollMs = RUN_POLL_MS): Promise<VerificationResult> {
  for (;;) {
    await sleep(pollMs);
    const run = await getJson<VerificationRun>(`/api/verifications/${id}`);
    if (run.status === 'done' && run.result) return run.result;
    if (run.status === 'failed') throw new Error(run.error ?? 'The verification could not finish');
  }
}

/**
 * `POST /api/sneakers/:id/verify`: the result straight away (200), or, when the market source is
 * slow, a run (202) that is followed to its result.
 */
export async function verifySneaker(id: number): Promise<VerificationResult> {
  const answer = await apiRequest<VerificationResult | VerificationRun>('POST', `/api/sneakers/${id}/verify`);
  return 'isAuthentic' in answer ? answer : followRun(answer.id);
}

export function useVerifySneaker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifySneaker, onSuccess: () => invalidateAfterVerification(queryClient) });
}
