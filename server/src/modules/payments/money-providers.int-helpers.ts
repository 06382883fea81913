import type { MoneyProvider } from './money-provider';
import { SandboxMoneyProvider } from './sandbox/sandbox-money-provider';
import { InMemorySandboxPaymentStore } from './sandbox/sandbox-payment-store';
import type { StripeApi, StripeSdkConfig } from './stripe/stripe-api';
import { StripeMoneyProvider, stripeConnections, type StripeProviderOptions } from './stripe/stripe-money-provider';
import type { StripeTransferApi } from './stripe/stripe-transfer-api';

/** The options of a test's Stripe money provider: test keys, Stripe itself unless a part is replaced. */
export const stripeTestOptions = (
  parts: { api?: StripeApi; transfers?: StripeTransferApi; config?: StripeSdkConfig; webhookSecret?: string | null } = {},
): StripeProviderOptions => ({
  ...stripeConnections('sk_test_fake_stripe', parts.config),
  ...(parts.api ? { api: parts.api } : {}),
  ...(parts.transfers ? { transfers: parts.transfers } : {}),
  webhookSecret: parts.webhookSecret ?? null,
  isTestMode: true,
  now: () => new Date(),
});

/** Stripe on test keys with some of its connections replaced (a fake API, a stand-in server's config). */
export const stripeForTests = (parts: Parameters<typeof stripeTestOptions>[0] = {}): MoneyProvider =>
  new StripeMoneyProvider(stripeTestOptions(parts));

/** The sandbox keeping its membership payments in memory, for tests that replace the provider. */
export const sandboxForTests = (now?: () => Date) => new SandboxMoneyProvider({ store: new InMemorySandboxPaymentStore(), now });
