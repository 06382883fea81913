import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { MoneyProvider } from './money-provider';
import { SandboxMoneyProvider } from './sandbox/sandbox-money-provider';
import { DbSandboxPaymentStore } from './sandbox/sandbox-payments.repository';
import { stripeSdkConfigFor } from './stripe/stripe-api';
import { StripeMoneyProvider, stripeConnections, type StripeConnections } from './stripe/stripe-money-provider';

const stripeConnectionsByEnv = new WeakMap<Env, StripeConnections>();
const replacedProviders = new WeakMap<Env, (ctx: AppContext) => MoneyProvider>();

/**
 * Replaces the provider chosen from this configuration (for every call: memberships, card holds,
 * payouts): tests plug in one whose calls hang, fail or reach a fake Stripe; `null` goes back to
 * the configuration's choice. Called with the context in use (inside a transaction too).
 */
export function replaceMoneyProvider(env: Env, provider: ((ctx: AppContext) => MoneyProvider) | null): void {
  if (provider) replacedProviders.set(env, provider);
  else replacedProviders.delete(env);
}

export const isStripeConfigured = (env: Env) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);

/** The built-in sandbox, keeping its records through `ctx.db` (so inside a service's transaction, in that transaction). */
export const sandboxMoneyProvider = (ctx: AppContext) => new SandboxMoneyProvider({ store: new DbSandboxPaymentStore(ctx.db), now: ctx.now });

/** Stripe with this configuration's keys; one set of SDK connections per configuration, each made on its first call. */
function stripeMoneyProvider(ctx: AppContext): StripeMoneyProvider {
  const { env } = ctx;
  const secretKey = env.STRIPE_SECRET_KEY!;
  let connections = stripeConnectionsByEnv.get(env);
  if (!connections) {
    connections = stripeConnections(secretKey, stripeSdkConfigFor(env));
    stripeConnectionsByEnv.set(env, connections);
  }
  return new StripeMoneyProvider({
    ...connections,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    isTestMode: secretKey.startsWith('sk_test_'),
    now: ctx.now,
  });
}

/**
 * The one choice of money provider, for every money call (docs/rules/payments.md#one-money-provider-port):
 * Stripe with both keys set, otherwise the built-in sandbox.
 */
export function moneyProviderFor(ctx: AppContext): MoneyProvider {
  const replaced = replacedProviders.get(ctx.env);
  if (replaced) return replaced(ctx);
  return isStripeConfigured(ctx.env) ? stripeMoneyProvider(ctx) : sandboxMoneyProvider(ctx);
}

/**
 * The provider that holds a card hold (its `provider` column), to capture or release it there even
 * if the configuration changed since. A Stripe hold with Stripe no longer configured cannot be
 * settled: the step fails (502) and the settle job tries again.
 */
export function moneyProviderNamed(ctx: AppContext, name: string): MoneyProvider {
  const replaced = replacedProviders.get(ctx.env);
  if (replaced) return replaced(ctx);
  if (name === 'stripe') {
    if (!isStripeConfigured(ctx.env)) throw new Error('This cash is held at Stripe, and Stripe is not configured (STRIPE_SECRET_KEY)');
    return stripeMoneyProvider(ctx);
  }
  return sandboxMoneyProvider(ctx);
}

/** The sandbox, for its card form's calls; with Stripe configured the card form is Stripe's own. */
export function sandboxProviderFor(ctx: AppContext): SandboxMoneyProvider {
  const provider = moneyProviderFor(ctx);
  if (!(provider instanceof SandboxMoneyProvider)) {
    throw new AppError('NOT_FOUND', 'Card details are taken by Stripe here, not by this server');
  }
  return provider;
}
