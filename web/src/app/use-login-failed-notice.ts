import { useEffect } from 'react';
import { toast } from '../lib/toast';

/**
 * The server sends a visitor to `/?login=failed` when sign-in could not finish (a stale or forged
 * callback, an unreachable provider). Say so once, then drop the marker from the address bar.
 */
export function useLoginFailedNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('login') !== 'failed') return;
    toast({
      title: 'Sign-in failed',
      description: 'We could not sign you in. Please try again.',
      variant: 'destructive',
    });
    url.searchParams.delete('login');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
}
