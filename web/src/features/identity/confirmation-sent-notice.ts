import { useEffect } from 'react';
import { toast } from '../../lib/toast';

const KEY = 'soleswap.confirmationSentTo';

/**
 * Sign-up hands over to the provider and back, a few full page loads away from the page that
 * knows an account was just made. The address is parked in sessionStorage (same tab, same origin)
 * until the app shows the notice once.
 */
export function rememberConfirmationSent(email: string) {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be switched off; the e-mail itself still arrives.
  }
}

/** Tells a member who just signed up that a confirmation link is on its way, once. */
export function useConfirmationSentNotice() {
  useEffect(() => {
    let email: string | null = null;
    try {
      email = window.sessionStorage.getItem(KEY);
      window.sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (!email) return;
    toast({
      title: 'Confirm your e-mail address',
      description: `We sent a confirmation link to ${email}. You can use SoleSwap in the meantime.`,
    });
  }, []);
}
