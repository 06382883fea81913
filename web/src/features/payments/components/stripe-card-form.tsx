import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import type { PaymentsConfig } from '@soleswap/contracts/payments';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { ApiError } from '../../../lib/api-client';
import { refreshPayment, useRefreshAfterPaymentAttempt } from '../api/payments-api';
import { paymentToasts } from '../payment-toasts';

interface StripeCardFormProps {
  clientSecret: string;
  paymentIntentId: string;
  config: PaymentsConfig;
  onSucceeded: () => void;
}

const stripePromises = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripePromises.has(key)) stripePromises.set(key, loadStripe(key));
  return stripePromises.get(key)!;
};

function CardForm({ clientSecret, paymentIntentId, config, onSucceeded }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isProcessing, setIsProcessing] = useState(false);
  const refreshAfterAttempt = useRefreshAfterPaymentAttempt();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      paymentToasts.notReady();
      return;
    }
    setIsProcessing(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) {
        paymentToasts.failed(result.error.message ?? null);
        return;
      }
      // Stripe.js says it worked; the server checks with Stripe itself before granting premium.
      const confirmed = await refreshPayment(paymentIntentId);
      if (confirmed.status === 'succeeded') onSucceeded();
      else if (confirmed.status === 'failed') paymentToasts.failed(confirmed.failureMessage);
      else paymentToasts.error('Your payment is still being processed. Your membership starts as soon as it completes.');
    } catch (error) {
      paymentToasts.error(error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : null);
    } finally {
      setIsProcessing(false);
      refreshAfterAttempt();
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label="Card payment">
      {config.isTestMode ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Badge variant="warning">Test mode</Badge> Stripe test keys: use 4242 4242 4242 4242.
        </p>
      ) : null}
      <div className="rounded-lg border border-border bg-background p-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <Button type="submit" size="lg" disabled={isProcessing}>
        {isProcessing ? 'Processing...' : `Pay ${config.priceText}`}
      </Button>
    </form>
  );
}

/** Stripe's own card element: the card goes to Stripe, never through our server. Loaded only when Stripe is configured. */
export function StripeCardForm(props: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(props.config.publishableKey!), [props.config.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}
