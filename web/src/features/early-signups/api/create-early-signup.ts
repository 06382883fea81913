import { useMutation } from '@tanstack/react-query';
import type { EarlySignupInput } from '@soleswap/contracts/early-signups';
import { apiRequest } from '../../../lib/api-client';

/** Registers a name and e-mail for launch news; repeating an e-mail is harmless. */
export function createEarlySignup(input: EarlySignupInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('POST', '/api/early-signup', input);
}

/** The early-access form's submit. */
export function useCreateEarlySignup() {
  return useMutation({ mutationFn: createEarlySignup });
}
