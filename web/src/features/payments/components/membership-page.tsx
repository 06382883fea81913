import { useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { ENHANCED_SECURITY_TEXT, SECURITY_FOR_EVERY_MEMBER, VERIFIED_TAG_TEXT } from '@soleswap/contracts/identity';
import type { User } from '@soleswap/contracts/users';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/query-keys';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { usePaymentsConfig } from '../api/payments-api';
import { paymentToasts } from '../payment-toasts';
import { MembershipCheckout } from './membership-checkout';
import { MembershipManage } from './membership-manage';
import { PaymentHistory } from './payment-history';

export interface MembershipAuth {
  user: User | null;
  isLoading: boolean;
}

/** Membership (/membership): sign-in notice, the card form, or the premium member's welcome. */
export function MembershipPage({ auth }: { auth: MembershipAuth }) {
  const queryClient = useQueryClient();
  const config = usePaymentsConfig();
  const onSetupError = useCallback(
    (error: unknown) => {
      // Premium already (paid in another tab): reload the member and show the welcome instead.
      if (error instanceof ApiError && error.code === 'ALREADY_PREMIUM') {
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
        return;
      }
      paymentToasts.setupError();
    },
    [queryClient],
  );

  if (auth.isLoading) return <PageSpinner label="Checking your session" />;
  if (!auth.user) {
    return (
      <Page title="Authentication Required">
        <Card className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
          <p className="text-muted">Log in to join the SoleSwap Community.</p>
          <a href={LOGIN_PATH} className={buttonClasses({})}>
            Log In
          </a>
        </Card>
      </Page>
    );
  }
  if (auth.user.isPremiumMember) {
    return (
      <Page title="Welcome, Premium Member!">
        <div className="mx-auto flex max-w-xl flex-col gap-6">
          <Card className="flex flex-col items-center gap-4 p-8 text-center">
            <Crown aria-hidden="true" className="size-10 text-premium" />
            <p className="text-muted">Priority verification, portfolio analytics and Enhanced Security are on.</p>
            <p className="text-sm text-muted">{ENHANCED_SECURITY_TEXT}</p>
            <p className="text-sm text-muted">
              {VERIFIED_TAG_TEXT} {SECURITY_FOR_EVERY_MEMBER} Set one up in{' '}
              <Link href="/settings/security" className="text-accent underline">
                Security settings
              </Link>
              .
            </p>
            <Link href="/" className={buttonClasses({})}>
              Continue to Dashboard
            </Link>
          </Card>
          <MembershipManage />
          <PaymentHistory />
        </div>
      </Page>
    );
  }
  return (
    <Page title="SoleSwap Community">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <Card className="flex flex-col gap-5 p-6">
          {config.isPending ? (
            <Spinner label="Loading the payment form" />
          ) : config.isError ? (
            <p className="text-sm text-destructive">Failed to initialize payment form</p>
          ) : (
            <>
              <p className="text-lg font-semibold">Premium membership for just {config.data.priceText}</p>
              <p className="text-sm text-muted">Cancel anytime. 30-day money-back guarantee on your first payment.</p>
              <p className="text-sm text-muted">{ENHANCED_SECURITY_TEXT}</p>
              <p className="text-sm text-muted">
                {VERIFIED_TAG_TEXT} {SECURITY_FOR_EVERY_MEMBER}
              </p>
              <MembershipCheckout config={config.data} onSetupError={onSetupError} />
            </>
          )}
        </Card>
        <PaymentHistory />
      </div>
    </Page>
  );
}
