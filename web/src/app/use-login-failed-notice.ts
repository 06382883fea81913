import { useEffect } from 'react';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@soleswap/contracts/errors';
import { toast } from '../lib/toast';

const NOTICES = {
  failed: { title: 'Sign-in failed', description: 'We could not sign you in. Please try again.' },
  suspended: { title: 'Account suspended', description: ACCOUNT_SUSPENDED_MESSAGE },
} as const;

/**
 * The server sends a visitor to `/?login=failed` when sign-in could not finish (a stale or forged
 * callback, an unreachable provider), and to `/?login=suspended` when an admin suspended the
 * account. Say so once, then drop the marker from the address bar.
 */
export function useLoginFailedNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const marker = url.searchParams.get('login');
    if (marker !== 'failed' && marker !== 'suspended') return;
    toast({ ...NOTICES[marker], variant: 'destructive' });
    url.searchParams.delete('login');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
}
