import { BadgeCheck, ChartLine, Fingerprint, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { ENHANCED_SECURITY_TEXT } from '@soleswap/contracts/identity';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../../../lib/auth-paths';
import { goToUrl } from '../../../lib/browser-location';
import { toast } from '../../../lib/toast';
import { usePaymentsConfig } from '../api/payments-api';
import { MembershipCheckout } from './membership-checkout';
import type { MembershipAuth } from './membership-page';

/**
 * What premium really switches on, and nothing else (docs/decisions/008-honest-copy.md): the badge
 * (with a confirmed address and a second factor), verifications that jump the queue, the portfolio
 * page, and Enhanced Security as decisions §14 defines it (step-up on every money and address
 * action, new devices confirmed by an e-mailed link), spelled out under the list. "Exclusive
 * Community" was listed here once; no code backs it. The second factor at every sign-in is every
 * member's since issue #39, so it is no benefit of premium.
 */
export const PREMIUM_BENEFITS = [
  { icon: <BadgeCheck />, title: 'Verified Member Badge' },
  { icon: <Fingerprint />, title: 'Priority Verification' },
  { icon: <ChartLine />, title: 'Portfolio Analytics' },
  { icon: <ShieldCheck />, title: 'Enhanced Security' },
];

/** The older page's own wording for a payment that could not be started. */
function useSetupErrorNotice() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((error: unknown) => {
    const text = error instanceof Error ? error.message : '';
    const isUnauthorized = (error instanceof ApiError && error.status === 401) || (text.startsWith('401') && text.includes('Unauthorized'));
    if (isUnauthorized) {
      toast({ title: 'Authentication Required', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      timer.current = setTimeout(() => goToUrl(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
      return;
    }
    const details = error instanceof ApiError ? error.serverMessage : null;
    toast({
      title: 'Payment Setup Error',
      description: details || text || 'Failed to initialize payment. Please try again.',
      variant: 'destructive',
    });
  }, []);
}

/** The older membership page (/membership-old): benefits and the card form, in a dark theme. */
export function MembershipOldPage({ auth }: { auth: MembershipAuth }) {
  const config = usePaymentsConfig();
  const onSetupError = useSetupErrorNotice();
  const price = config.data?.priceText;

  return (
    <div className="min-h-dvh bg-neutral-950 px-4 py-10 text-white sm:px-6">
      <div className="mx-auto flex max-w-2xl flex-col gap-8">
        <header className="flex flex-col gap-2 text-center">
          <h1 className="font-display font-extrabold text-3xl">Premium Membership</h1>
          <p className="text-white/70">{price ? `Join the SoleSwap Community for ${price}.` : 'Join the SoleSwap Community.'}</p>
        </header>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {PREMIUM_BENEFITS.map((benefit) => (
            <li
              key={benefit.title}
              className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-4 [&_svg]:size-5 [&_svg]:text-amber-400"
            >
              <span aria-hidden="true">{benefit.icon}</span>
              <span className="font-semibold">{benefit.title}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-white/70">{ENHANCED_SECURITY_TEXT}</p>
        <section className="rounded-2xl border border-white/10 bg-white/5 p-6">
          {auth.isLoading || config.isPending ? (
            <Spinner label="Loading" />
          ) : !auth.user ? (
            <div className="flex flex-col items-center gap-4 text-center">
              <p className="font-semibold">Authentication Required</p>
              <p className="text-white/70">Please log in to purchase a membership.</p>
              {/* The real sign-in, back to this page afterwards; the development tools once linked here are off in production. */}
              <a href={`${LOGIN_PATH}?returnTo=${encodeURIComponent('/membership-old')}`} className={buttonClasses({})}>
                Log in
              </a>
            </div>
          ) : auth.user.isPremiumMember ? (
            <div className="flex flex-col items-center gap-4 text-center">
              <p className="font-semibold">You are a premium member.</p>
              <Link href="/" className={buttonClasses({})}>
                Continue to Dashboard
              </Link>
            </div>
          ) : config.isError ? (
            <p className="text-red-400">Failed to initialize payment. Please try again.</p>
          ) : (
            <MembershipCheckout config={config.data} onSetupError={onSetupError} tone="dark" />
          )}
        </section>
      </div>
    </div>
  );
}
