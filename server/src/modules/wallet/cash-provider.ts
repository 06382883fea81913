import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { CashCard } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { isStripeConfigured } from '../payments/payment-providers';
import { DECLINED_MESSAGE, outcomeForCard } from '../payments/sandbox/test-cards';
import { createStripeClient, stripeSdkConfigFor } from '../payments/stripe/stripe-api';
import { checkCashCard, type CashAuthorizationResult, type CashProvider } from './cash-call';
import { StripeCashProvider } from './stripe-cash-provider';

/**
 * The built-in sandbox: test cards only, no money moves. A payment method is a token naming the test
 * card's outcome and last four digits; a hold's id is named by its idempotency key, so a repeated
 * authorization answers the same hold.
 */
export class SandboxCashProvider implements CashProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly now: () => Date) {}

  paymentMethodFor(card: CashCard): string {
    const { cardNumber } = checkCashCard(this.now, card);
    const outcome = outcomeForCard(cardNumber);
    return `pm_sandbox_${outcome.kind === 'succeed' ? 'ok' : 'no'}_${cardNumber.slice(-4)}`;
  }

  async authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    const providerRef = `pi_sandbox_cash_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    const ok = input.paymentMethod.startsWith('pm_sandbox_ok_');
    return { providerRef, status: ok ? 'authorized' : 'declined', failureMessage: ok ? null : DECLINED_MESSAGE };
  }

  async capture(): Promise<void> {}

  async release(): Promise<void> {}
}

const replaced = new WeakMap<object, CashProvider>();
const stripeClients = new WeakMap<Env, Promise<Stripe>>();

/** Tests plug in a provider that hangs or fails. */
export function replaceCashProvider(ctx: AppContext, provider: CashProvider): void {
  replaced.set(ctx.env, provider);
}

/** Stripe with this configuration's keys; one SDK client per configuration, made on the first call. */
function stripeCashProvider(ctx: AppContext): StripeCashProvider {
  const { env } = ctx;
  const secretKey = env.STRIPE_SECRET_KEY!;
  const stripe = () => {
    let client = stripeClients.get(env);
    if (!client) {
      client = createStripeClient(secretKey, stripeSdkConfigFor(env));
      stripeClients.set(env, client);
    }
    return client;
  };
  return new StripeCashProvider({ stripe, isTestMode: secretKey.startsWith('sk_test_'), now: ctx.now });
}

/**
 * The provider that authorizes new cash: Stripe with manual capture when it is configured (the
 * same keys as memberships, docs/rules/payments.md), otherwise the sandbox.
 */
export function cashProviderFor(ctx: AppContext): CashProvider {
  const provider = replaced.get(ctx.env);
  if (provider) return provider;
  return isStripeConfigured(ctx.env) ? stripeCashProvider(ctx) : new SandboxCashProvider(ctx.now);
}

/**
 * The provider that holds an authorization (its `provider` column), to capture or release it there
 * even if the configuration changed since. A Stripe hold with Stripe no longer configured cannot be
 * settled: the step fails (502) and the settle job tries again.
 */
export function cashProviderNamed(ctx: AppContext, name: string): CashProvider {
  const provider = replaced.get(ctx.env);
  if (provider) return provider;
  if (name === 'stripe') {
    if (!isStripeConfigured(ctx.env)) throw new Error('This cash is held at Stripe, and Stripe is not configured (STRIPE_SECRET_KEY)');
    return stripeCashProvider(ctx);
  }
  return new SandboxCashProvider(ctx.now);
}
