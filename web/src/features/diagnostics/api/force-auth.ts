import { useMutation } from '@tanstack/react-query';
import type { ForceAuth, User } from '@soleswap/contracts/users';
import { apiRequest } from '../../../lib/api-client';

export interface ForceAuthResult {
  success: true;
  user: User;
}

/**
 * Development tool: starts a session as a test user (created if missing).
 * The server answers 404 where development tools are disabled.
 */
export function forceAuth(input: ForceAuth = {}): Promise<ForceAuthResult> {
  return apiRequest<ForceAuthResult>('POST', '/api/debug/force-auth', input);
}

/** The emergency-auth button's mutation. */
export function useForceAuth() {
  return useMutation({ mutationFn: forceAuth });
}
