import { useState, type FormEvent } from 'react';
import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { PaymentConfirmation, PaymentsConfig } from '@soleswap/contracts/payments';
import { Button } from '../../../components/ui/button';
import { CardFields } from '../../../components/payment-card/card-fields';
import { EMPTY_CARD, splitExpiry } from '../../../components/payment-card/card-input';
import { ApiError } from '../../../lib/api-client';
import { answerConfirmationStep, confirmSandboxPayment, newIdempotencyKey, useRefreshAfterPaymentAttempt } from '../api/payments-api';
import { isCardRefusal, paymentToasts } from '../payment-toasts';
import { TestModeHint } from './test-mode-hint';

type FormState = 'idle' | 'processing' | 'success' | 'failure';

interface SandboxCardFormProps {
  paymentIntentId: string;
  config: PaymentsConfig;
  onSucceeded: () => void;
  /** Classes for the dark older page. */
  tone?: 'default' | 'dark';
}

/**
 * The built-in sandbox's card form: checked with the same schema the server applies, then
 * confirmed on the server, which alone decides whether the member became premium.
 */
export function SandboxCardForm({ paymentIntentId, config, onSucceeded, tone = 'default' }: SandboxCardFormProps) {
  const [values, setValues] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<FormState>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  /** The card step, or the issuer's confirmation step some cards ask for. */
  const [stage, setStage] = useState<'card' | 'confirm'>('card');
  const refreshAfterAttempt = useRefreshAfterPaymentAttempt();

  function settle(result: PaymentConfirmation) {
    refreshAfterAttempt();
    if (result.status === 'succeeded') {
      setState('success');
      onSucceeded();
    } else if (result.status === 'requires_action') {
      setStage('confirm');
      setState('idle');
    } else {
      setStage('card');
      setState('failure');
      setFailure(result.failureMessage);
      paymentToasts.failed(result.failureMessage);
    }
  }

  function fail(error: unknown) {
    // A decline (402) is recorded on the payment as well.
    refreshAfterAttempt();
    if (error instanceof ApiError && error.fields) setErrors(error.fields);
    if (isCardRefusal(error)) {
      setStage('card');
      setState('failure');
      setFailure(error.serverMessage);
      paymentToasts.failed(error.serverMessage);
    } else {
      setState('idle');
      paymentToasts.error(error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state === 'processing') return;
    const card = { paymentIntentId, cardNumber: values.cardNumber, cvc: values.cvc, ...splitExpiry(values.expiry) };
    const parsed = makeCardPaymentSchema().safeParse(card);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    setFailure(null);
    setState('processing');
    try {
      settle(await confirmSandboxPayment(card, newIdempotencyKey()));
    } catch (error) {
      fail(error);
    }
  }

  async function answer(choice: 'approve' | 'refuse') {
    setState('processing');
    try {
      settle(await answerConfirmationStep(paymentIntentId, choice, newIdempotencyKey()));
    } catch (error) {
      fail(error);
    }
  }

  const expiryError = errors.expMonth ?? errors.expYear;

  if (state === 'success') {
    return (
      <p role="status" className="rounded-xl bg-success/15 p-4 text-center font-semibold text-success">
        Payment successful. Taking you to your dashboard...
      </p>
    );
  }

  if (stage === 'confirm') {
    return (
      <div role="group" aria-label="Confirm your payment" className="flex flex-col gap-4">
        <p className="font-semibold">Your bank asks you to confirm this payment.</p>
        <p className="text-sm text-muted">This is a test confirmation step: choose what your bank would see.</p>
        <div className="flex gap-2">
          <Button onClick={() => void answer('approve')} disabled={state === 'processing'}>
            {state === 'processing' ? 'Processing...' : 'Approve payment'}
          </Button>
          <Button variant="outline" onClick={() => void answer('refuse')} disabled={state === 'processing'}>
            Refuse
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label="Card payment">
      {config.isTestMode ? <TestModeHint config={config} tone={tone} /> : null}
      <CardFields value={values} onChange={setValues} errors={{ cardNumber: errors.cardNumber, expiry: expiryError, cvc: errors.cvc }} />
      {errors.paymentIntentId ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.paymentIntentId}
        </p>
      ) : null}
      {state === 'failure' ? (
        <p role="alert" className="text-sm text-destructive">
          {failure || 'Payment could not be processed'} You can try another card.
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={state === 'processing'}>
        {state === 'processing' ? 'Processing...' : `Pay ${config.priceText}`}
      </Button>
    </form>
  );
}
