import type { User } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

/**
 * A live GET /api/auth/user that bypasses the cache, so /auth-test reports
 * what the server says now; null on 401.
 */
export function getSessionUser(): Promise<User | null> {
  return getJson<User>('/api/auth/user', { on401: 'returnNull' });
}
