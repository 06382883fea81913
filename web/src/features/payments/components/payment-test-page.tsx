import { useState } from 'react';
import { Link } from 'wouter';
import type { CreateMembershipPaymentResponse, PaymentsConfig } from '@soleswap/contracts/payments';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { ApiError, getJson } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { createMembershipPayment } from '../api/payments-api';

interface TestResult {
  health: 'ok' | 'failed';
  config: PaymentsConfig | null;
  payment: CreateMembershipPaymentResponse | null;
  error: string | null;
}

/** Enough of the secret to recognise it, never enough to use it. */
export const truncateSecret = (secret: string) => `${secret.slice(0, 12)}...${secret.slice(-4)}`;

async function runTests(): Promise<TestResult> {
  const health = await getJson('/api/health').then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  const config = await getJson<PaymentsConfig>('/api/payments/config').catch(() => null);
  try {
    return { health, config, payment: await createMembershipPayment(), error: null };
  } catch (error) {
    return { health, config, payment: null, error: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error) };
  }
}

/** Payment diagnostics (/payment-test): creates a payment, checks the backend, shows the keys' shape. */
export function PaymentTestPage() {
  const [result, setResult] = useState<TestResult | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  async function onRun() {
    setIsRunning(true);
    try {
      const outcome = await runTests();
      setResult(outcome);
      if (outcome.payment && outcome.health === 'ok') {
        toast({ title: 'Tests Successful', description: 'Payment system appears to be working correctly' });
      } else {
        toast({ title: 'Test Failed', description: 'Payment intent creation failed', variant: 'destructive' });
      }
    } catch (error) {
      toast({ title: 'Test Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setIsRunning(false);
    }
  }

  const config = result?.config;
  return (
    <Page title="Payment Test" description="Checks that a membership payment can be started and the backend answers.">
      <div className="flex max-w-2xl flex-col gap-4">
        <Button onClick={() => void onRun()} disabled={isRunning} className="w-fit">
          {isRunning ? 'Running...' : 'Run payment test'}
        </Button>
        {result ? (
          <Card className="flex flex-col gap-2 p-5 text-sm">
            <p>
              Backend health: <Badge variant={result.health === 'ok' ? 'success' : 'destructive'}>{result.health === 'ok' ? 'OK' : 'Failed'}</Badge>
            </p>
            <p>
              Provider:{' '}
              {config ? (
                <>
                  {config.provider === 'stripe' ? 'Stripe' : 'Built-in sandbox'}{' '}
                  {config.isTestMode ? <Badge variant="warning">Test mode</Badge> : null} · {config.priceText}
                </>
              ) : (
                'unknown'
              )}
            </p>
            <p>
              Publishable key:{' '}
              <span className="font-mono">{config?.publishableKey ? `${config.publishableKey.slice(0, 8)}...` : 'none (sandbox)'}</span>
            </p>
            {result.payment ? (
              <>
                <p>
                  Client secret: <span className="font-mono">{truncateSecret(result.payment.clientSecret)}</span>
                </p>
                <p>
                  Payment id: <span className="font-mono">{result.payment.paymentIntentId}</span>
                </p>
              </>
            ) : (
              <p className="text-destructive">Payment intent creation failed: {result.error}</p>
            )}
          </Card>
        ) : null}
        <nav aria-label="Related pages" className="flex flex-wrap gap-2">
          <Link href="/auth-test" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Auth test
          </Link>
          <Link href="/membership-old" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Membership (old)
          </Link>
          <Link href="/membership" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Membership
          </Link>
        </nav>
      </div>
    </Page>
  );
}
