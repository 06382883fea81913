import { apiRequest } from '../../../lib/api-client';
import { LOGOUT_PATH } from '../../../lib/auth-paths';
import { goToUrl } from '../../../lib/browser-location';

/**
 * Signs out with a POST (a GET of the address only shows a button, so another site cannot sign
 * anyone out), then leaves for the provider's logout when it has a session to end too, else home.
 * If the POST cannot be sent, the sign-out page with its button is the way out.
 */
export async function logOut(): Promise<void> {
  let answer: { redirectTo?: string } | undefined;
  try {
    answer = await apiRequest<{ redirectTo?: string } | undefined>('POST', LOGOUT_PATH);
  } catch {
    return goToUrl(LOGOUT_PATH);
  }
  goToUrl(answer?.redirectTo ?? '/');
}
