import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import type { PaymentsConfig } from '@soleswap/contracts/payments';
import { Spinner } from '../../../components/ui/spinner';
import { CURRENT_USER_PATH } from '../../../lib/auth-paths';
import { createMembershipPayment, MEMBERSHIP_KEY, PAYMENT_HISTORY_KEY } from '../api/payments-api';
import { paymentToasts, REDIRECT_AFTER_PAYMENT_MS } from '../payment-toasts';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's scripts are fetched only when Stripe takes the payments, and only on a page that pays.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

export const MEMBERSHIP_PAYMENT_KEY = ['membership-payment'] as const;

interface MembershipCheckoutProps {
  config: PaymentsConfig;
  /** Called when starting the payment failed; each page words this its own way. */
  onSetupError: (error: unknown) => void;
  tone?: 'default' | 'dark';
}

/**
 * Starts (or resumes) the member's payment and shows the card form for it. After a success the
 * member's data is reloaded from the server, which is the one that switched premium on.
 */
export function MembershipCheckout({ config, onSetupError, tone }: MembershipCheckoutProps) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const payment = useQuery({ queryKey: MEMBERSHIP_PAYMENT_KEY, queryFn: createMembershipPayment, gcTime: 0 });

  useEffect(() => {
    if (payment.error) onSetupError(payment.error);
  }, [payment.error, onSetupError]);

  function onSucceeded() {
    paymentToasts.success();
    void queryClient.invalidateQueries({ queryKey: [CURRENT_USER_PATH] });
    void queryClient.invalidateQueries({ queryKey: MEMBERSHIP_KEY });
    void queryClient.invalidateQueries({ queryKey: PAYMENT_HISTORY_KEY });
    // Not cancelled when this form unmounts: the page swaps to the premium welcome straight away.
    setTimeout(() => navigate('/'), REDIRECT_AFTER_PAYMENT_MS);
  }

  if (payment.isPending) return <Spinner label="Preparing your payment" />;
  if (!payment.data) return <p className="text-sm text-destructive">Failed to initialize payment form</p>;
  const { clientSecret, paymentIntentId } = payment.data;
  if (config.provider === 'stripe') {
    return (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm clientSecret={clientSecret} paymentIntentId={paymentIntentId} config={config} onSucceeded={onSucceeded} />
      </Suspense>
    );
  }
  return <SandboxCardForm paymentIntentId={paymentIntentId} config={config} onSucceeded={onSucceeded} tone={tone} />;
}
