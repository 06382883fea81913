import { useEffect } from 'react';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../../../lib/auth-paths';
import { goToUrl } from '../../../lib/browser-location';
import { toast } from '../../../lib/toast';
import { useCurrentUser, type CurrentUserState } from '../api/get-current-user';

/**
 * For pages that need a signed-in user (see docs/web-client.md#route-availability): once loading ends without a
 * user, tell the visitor and send the browser to the login address after 500 ms.
 * Returns the current auth state so the page can show a spinner meanwhile.
 */
export function useRequireAuthRedirect(): CurrentUserState {
  const auth = useCurrentUser();
  const mustLogIn = !auth.isLoading && !auth.isAuthenticated;

  useEffect(() => {
    if (!mustLogIn) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => goToUrl(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mustLogIn]);

  return auth;
}
