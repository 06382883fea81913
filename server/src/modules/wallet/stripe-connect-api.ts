import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isStripeConfigured } from '../payments/payment-providers';
import { loadStripeSdk } from '../payments/stripe/load-stripe-sdk';
import { createStripeClient, stripeSdkConfigFor, type StripeSdkConfig } from '../payments/stripe/stripe-api';

/** How a member's Connect account stands at Stripe. */
export interface ConnectAccountState {
  accountId: string;
  /**
   * Stripe can pay it: onboarding submitted and payouts enabled. Charges are not asked for: the
   * account only receives transfers from the platform (capability `transfers`), it takes no cards.
   */
  isConnected: boolean;
}

/**
 * The Stripe Connect calls a withdrawal's destination needs (issue #42), behind an interface so the
 * onboarding flow is tested against a stand-in. Stripe's alone, not a money provider: the sandbox has
 * no accounts (its withdrawals go to a bank account given on the page), and no money moves here.
 * Each is called in a provider step's `call` (stripe-onboarding.ts), never inside a transaction.
 */
export interface StripeConnectApi {
  /** A new Express account that can receive transfers, made once per key (Stripe answers a repeat with the same account). */
  createAccount(input: { memberId: string }, idempotencyKey: string): Promise<string>;
  /** A one-time onboarding page for the account; Stripe sends the member back to `returnUrl` (or `refreshUrl` once the link expired). */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectAccountState>;
  /**
   * The account named by a signed `account.updated` delivery, null for any other event. Throws
   * WEBHOOK_INVALID when the signature matches none of the configured secrets.
   */
  parseAccountWebhook(rawBody: Buffer, signature: string | undefined): Promise<string | null>;
}

const stateOf = (account: Stripe.Account): ConnectAccountState => ({
  accountId: account.id,
  isConnected: account.details_submitted === true && account.payouts_enabled === true,
});

/** Stripe itself, through the SDK (the same client and limits as the other Stripe calls). */
export class StripeSdkConnectApi implements StripeConnectApi {
  #client: Promise<Stripe> | undefined;

  constructor(
    private readonly secretKey: string,
    /** The signing secrets a webhook may carry: the platform endpoint's and a Connect endpoint's. */
    private readonly webhookSecrets: string[],
    private readonly config: StripeSdkConfig = {},
  ) {}

  #stripe(): Promise<Stripe> {
    return (this.#client ??= createStripeClient(this.secretKey, this.config));
  }

  async createAccount(input: { memberId: string }, idempotencyKey: string): Promise<string> {
    const stripe = await this.#stripe();
    const account = await stripe.accounts.create(
      { type: 'express', capabilities: { transfers: { requested: true } }, metadata: { memberId: input.memberId } },
      { idempotencyKey },
    );
    return account.id;
  }

  async createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string> {
    const stripe = await this.#stripe();
    // No key of ours: a link is used once and expires within minutes, so a retry must get a new one.
    const link = await stripe.accountLinks.create({
      account: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  async retrieveAccount(accountId: string): Promise<ConnectAccountState> {
    const stripe = await this.#stripe();
    return stateOf(await stripe.accounts.retrieve(accountId));
  }

  async parseAccountWebhook(rawBody: Buffer, signature: string | undefined): Promise<string | null> {
    if (this.webhookSecrets.length === 0) throw new AppError('WEBHOOK_INVALID', 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    if (!signature) throw new AppError('WEBHOOK_INVALID', 'The Stripe-Signature header is missing');
    const StripeSdk = await loadStripeSdk();
    for (const secret of this.webhookSecrets) {
      let event: Stripe.Event;
      try {
        event = StripeSdk.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        continue;
      }
      return event.type === 'account.updated' ? event.data.object.id : null;
    }
    throw new AppError('WEBHOOK_INVALID', 'The webhook signature does not match');
  }
}

const replaced = new WeakMap<object, StripeConnectApi>();
const made = new WeakMap<object, StripeConnectApi>();

/** Tests plug in an API that hangs or fails; null puts Stripe back. */
export function replaceConnectApi(ctx: AppContext, api: StripeConnectApi | null): void {
  if (api) replaced.set(ctx.env, api);
  else replaced.delete(ctx.env);
}

/** Stripe Connect when Stripe is configured; null in the sandbox, whose withdrawals go to a bank account given on the page. */
export function connectApiFor(ctx: AppContext): StripeConnectApi | null {
  const api = replaced.get(ctx.env);
  if (api) return api;
  if (!isStripeConfigured(ctx.env)) return null;
  let stripe = made.get(ctx.env);
  if (!stripe) {
    const secrets = [ctx.env.STRIPE_CONNECT_WEBHOOK_SECRET, ctx.env.STRIPE_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret));
    stripe = new StripeSdkConnectApi(ctx.env.STRIPE_SECRET_KEY!, secrets, stripeSdkConfigFor(ctx.env));
    made.set(ctx.env, stripe);
  }
  return stripe;
}
