import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider';
import { DbSandboxPaymentStore } from './sandbox/sandbox-payments.repository';
import { StripeSdkApi, stripeSdkConfigFor } from './stripe/stripe-api';
import { StripePaymentProvider } from './stripe/stripe-payment-provider';

const stripeProviders = new WeakMap<Env, StripePaymentProvider>();
const replacedProviders = new WeakMap<Env, (ctx: AppContext) => PaymentProvider>();

/**
 * Replaces the provider chosen from this configuration: tests plug in a Stripe provider whose
 * network calls are faked. Called with the context in use (inside a transaction too).
 */
export function replacePaymentProvider(env: Env, provider: (ctx: AppContext) => PaymentProvider): void {
  replacedProviders.set(env, provider);
}

export const isStripeConfigured = (env: Env) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);

/**
 * The provider configuration chooses: Stripe with both keys set, otherwise the built-in sandbox,
 * which keeps its records through `ctx.db` (so inside a service's transaction, in that transaction).
 */
export function paymentProviderFor(ctx: AppContext): PaymentProvider {
  const { env } = ctx;
  const replaced = replacedProviders.get(env);
  if (replaced) return replaced(ctx);
  if (isStripeConfigured(env)) {
    let provider = stripeProviders.get(env);
    if (!provider) {
      provider = new StripePaymentProvider({
        api: new StripeSdkApi(env.STRIPE_SECRET_KEY!, stripeSdkConfigFor(env)),
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
        isTestMode: env.STRIPE_SECRET_KEY!.startsWith('sk_test_'),
      });
      stripeProviders.set(env, provider);
    }
    return provider;
  }
  return new SandboxPaymentProvider({ store: new DbSandboxPaymentStore(ctx.db), now: ctx.now });
}

/** The sandbox, for its card form's calls; with Stripe configured the card form is Stripe's own. */
export function sandboxProviderFor(ctx: AppContext): SandboxPaymentProvider {
  const provider = paymentProviderFor(ctx);
  if (!(provider instanceof SandboxPaymentProvider)) {
    throw new AppError('NOT_FOUND', 'Card details are taken by Stripe here, not by this server');
  }
  return provider;
}
