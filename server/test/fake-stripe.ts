import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { pointStripeAt, type StripeSdkConfig } from '../src/modules/payments/stripe/stripe-api';
import type { TestApp } from './test-app';

/** Stripe keys for a test app that takes payments with Stripe (test mode): pass them to useTestApp. */
export const FAKE_STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake_stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_stripe' } as const;

/** One request as the fake saw it: the form fields flattened (`metadata[soleswapCall]`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  /**
   * done: Stripe did it; replayed: answered from the idempotency store (a repeat of a key Stripe
   * already did), nothing happened again; failed: answered 500 by `failNext`, nothing happened.
   */
  outcome: 'done' | 'replayed' | 'failed';
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  capture_method: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  latest_charge: null;
}

/** Stripe's test payment methods that fail, with the card error Stripe answers. */
const DECLINES: Array<[RegExp, { code: string; decline_code?: string; message: string }]> = [
  [/InsufficientFunds$/, { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }],
  [/ExpiredCard$/, { code: 'expired_card', message: 'Your card has expired.' }],
  [/IncorrectCvc$/, { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
  [/ProcessingError$/, { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' }],
  [/chargeDeclined/, { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }],
  [/authenticationRequired/, { code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }],
];

/** A Stripe Connect transfer from the platform's balance to a connected account. */
export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  /** Unix seconds, as Stripe dates its objects. */
  created: number;
  reversed: false;
}

/** A Connect (Express) account: made by onboarding's start, connected once the member finished Stripe's pages. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  capabilities: Record<string, string>;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  metadata: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

/** The `metadata[name]` fields of a form, as an object. */
function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

/**
 * A stand-in for api.stripe.com on this machine, for tests that drive the real Stripe SDK offline:
 * PaymentIntents (create with confirm and manual capture, retrieve, capture, cancel) with Stripe's
 * test payment methods (`pm_card_visa` holds, `pm_card_visa_chargeDeclined` is declined...), and
 * Stripe's idempotency: a repeated Idempotency-Key is answered with the first answer and does
 * nothing again. `failNext` makes it answer 500 (as Stripe down) without doing anything. Connect
 * transfers (create; list by destination and `created`, newest first, paged) for withdrawals, and
 * `forgetKeys` for Stripe's idempotency keys expiring (after 24 hours), when a repeat is done again.
 * Connect accounts (create, retrieve) and onboarding links for a withdrawal's destination;
 * `finishOnboarding` stands for the member completing Stripe's pages.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly transfers: FakeTransfer[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  #answered = new Map<string, Answer>();
  #failures = 0;
  #server = createServer((request, response) => void this.#handle(request, response));
  #port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /**
   * Where the SDK should connect. The SDK's own retries are off, so that `failNext(1)` is one
   * failed call (stripe-api.test.ts covers the retries).
   */
  get config(): StripeSdkConfig {
    return { host: '127.0.0.1', port: this.#port, protocol: 'http', maxNetworkRetries: 0 };
  }

  /** The next `count` requests are answered 500 without being done (nor remembered under their key). */
  failNext(count: number): void {
    this.#failures = count;
  }

  /** Stripe forgets every idempotency key, as it does 24 hours after a key's first use: a repeat is done again. */
  forgetKeys(): void {
    this.#answered.clear();
  }

  /** The member completed Stripe's onboarding pages: the account can now be paid. */
  finishOnboarding(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no fake account ${accountId}`);
    Object.assign(account, { details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
  }

  /** Requests to `path` that Stripe actually did (not failed, not replayed). */
  done(method: string, path: string | RegExp): FakeStripeRequest[] {
    return this.requests.filter(
      (r) => r.method === method && r.outcome === 'done' && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** The PaymentIntents created, one per authorization. */
  creates(): FakeStripeRequest[] {
    return this.done('POST', '/v1/payment_intents');
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const [path, query] = (request.url ?? '/').split('?') as [string, string | undefined];
    // Reads carry their parameters in the query, writes in the form body.
    const params = Object.fromEntries(new URLSearchParams(method === 'GET' ? (query ?? '') : Buffer.concat(chunks).toString('utf8')));
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const seen: FakeStripeRequest = { method, path, idempotencyKey, params, outcome: 'done' };
    this.requests.push(seen);

    let answer: Answer;
    if (this.#failures > 0) {
      this.#failures -= 1;
      seen.outcome = 'failed';
      answer = stripeError(500, 'api_error', 'Stripe is down (fake)');
    } else if (idempotencyKey && method === 'POST' && this.#answered.has(`${path} ${idempotencyKey}`)) {
      seen.outcome = 'replayed';
      answer = this.#answered.get(`${path} ${idempotencyKey}`)!;
    } else {
      answer = this.#route(method, path, params);
      if (idempotencyKey && method === 'POST') this.#answered.set(`${path} ${idempotencyKey}`, answer);
    }
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', `req_fake_${randomBytes(6).toString('hex')}`);
    response.end(JSON.stringify(answer.body));
  }

  #route(method: string, path: string, params: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return this.#create(params);
    if (method === 'POST' && path === '/v1/transfers') return this.#transfer(params);
    if (method === 'GET' && path === '/v1/transfers') return this.#listTransfers(params);
    if (method === 'POST' && path === '/v1/accounts') return this.#createAccount(params);
    if (method === 'POST' && path === '/v1/account_links') return this.#accountLink(params);
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      const account = this.accounts.get(accountMatch[1]!);
      return account
        ? { status: 200, body: account }
        : stripeError(404, 'invalid_request_error', `No such account: '${accountMatch[1]}'`, { code: 'resource_missing' });
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const intent = match ? this.intents.get(match[1]!) : undefined;
    if (!match || !intent) return stripeError(404, 'invalid_request_error', `No such resource: ${path}`, { code: 'resource_missing' });
    if (method === 'GET' && !match[2]) return { status: 200, body: intent };
    if (method === 'POST' && match[2] === 'capture') {
      if (intent.status !== 'requires_capture') return this.#unexpectedState(intent, 'capture');
      intent.status = 'succeeded';
      return { status: 200, body: intent };
    }
    if (method === 'POST' && match[2] === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') return this.#unexpectedState(intent, 'cancel');
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  #unexpectedState(intent: FakePaymentIntent, call: string): Answer {
    return stripeError(400, 'invalid_request_error', `You cannot ${call} this PaymentIntent because it has a status of ${intent.status}.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: intent,
    });
  }

  #transfer(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, 'invalid_request_error', 'Invalid amount', { code: 'parameter_invalid_integer' });
    if (!params.destination) return stripeError(400, 'invalid_request_error', 'Missing required param: destination.', { code: 'parameter_missing' });
    const transfer: FakeTransfer = {
      id: `tr_fake_${randomBytes(8).toString('hex')}`,
      object: 'transfer',
      amount,
      currency: params.currency ?? 'usd',
      destination: params.destination,
      metadata: metadataOf(params),
      created: Math.floor(Date.now() / 1000),
      reversed: false,
    };
    this.transfers.push(transfer);
    return { status: 200, body: transfer };
  }

  #createAccount(params: Record<string, string>): Answer {
    if (params.type !== 'express') return stripeError(400, 'invalid_request_error', 'Only Express accounts here (fake)');
    const account: FakeAccount = {
      id: `acct_fake_${randomBytes(8).toString('hex')}`,
      object: 'account',
      type: params.type,
      capabilities: params['capabilities[transfers][requested]'] === 'true' ? { transfers: 'inactive' } : {},
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      metadata: metadataOf(params),
    };
    this.accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  #accountLink(params: Record<string, string>): Answer {
    if (!params.account || !this.accounts.has(params.account))
      return stripeError(400, 'invalid_request_error', `No such account: '${params.account}'`, { code: 'resource_missing' });
    if (!params.return_url || !params.refresh_url || params.type !== 'account_onboarding')
      return stripeError(400, 'invalid_request_error', 'Missing return_url, refresh_url or type.', { code: 'parameter_missing' });
    return {
      status: 200,
      body: {
        object: 'account_link',
        url: `https://connect.stripe.com/setup/e/${params.account}/${randomBytes(8).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      },
    };
  }

  #listTransfers(params: Record<string, string>): Answer {
    const gte = params['created[gte]'] === undefined ? -Infinity : Number(params['created[gte]']);
    const limit = Math.min(100, Number(params.limit ?? 10));
    let matching = this.transfers.filter((t) => (!params.destination || t.destination === params.destination) && t.created >= gte).reverse();
    if (params.starting_after) matching = matching.slice(matching.findIndex((t) => t.id === params.starting_after) + 1);
    return {
      status: 200,
      body: { object: 'list', url: '/v1/transfers', has_more: matching.length > limit, data: matching.slice(0, limit) },
    };
  }

  #create(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'invalid_request_error', 'Invalid amount', { code: 'amount_too_small' });
    const metadata = metadataOf(params);
    const intent: FakePaymentIntent = {
      id: `pi_fake_${randomBytes(8).toString('hex')}`,
      object: 'payment_intent',
      amount,
      currency: params.currency ?? 'usd',
      capture_method: params.capture_method ?? 'automatic',
      status: 'requires_payment_method',
      payment_method: params.payment_method ?? null,
      metadata,
      last_payment_error: null,
      latest_charge: null,
    };
    this.intents.set(intent.id, intent);
    if (params.confirm !== 'true' || !intent.payment_method) return { status: 200, body: intent };
    const decline = DECLINES.find(([pattern]) => pattern.test(intent.payment_method!))?.[1];
    if (decline) {
      intent.last_payment_error = { type: 'card_error', ...decline };
      return stripeError(402, 'card_error', decline.message, { ...decline, payment_intent: intent });
    }
    intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    return { status: 200, body: intent };
  }
}

/**
 * A fake Stripe for the file's test app (made with FAKE_STRIPE_ENV): started before the tests, every
 * Stripe client of the app pointed at it, closed after. Register it after useTestApp.
 */
export function useFakeStripe(testApp: () => TestApp): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    pointStripeAt(testApp().ctx.env, fake.config);
  });
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('fake Stripe not started');
    return fake;
  };
}
