import type { User } from '@soleswap/contracts/users';

/**
 * The login state a diagnostic page is given by the app (features do not
 * import each other, so the app passes the current user in).
 */
export interface AuthSnapshot {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}
