import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../../../test/fake-stripe';
import { sandboxForTests, stripeForTests } from '../money-providers.int-helpers';
import { StripeSdkTransferApi, type StripeTransferApi } from './stripe-transfer-api';

/** The Stripe money provider whose payouts go through `transfers`. */
const stripePayingWith = (transfers: StripeTransferApi) => stripeForTests({ transfers });

/** A stand-in for api.stripe.com on this machine: the real SDK talks HTTP to it. */
async function standIn(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

describe('withdrawals through Stripe Connect, against a stand-in Stripe', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  const apiAt = (port: number) => new StripeSdkTransferApi('sk_test_standin', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 1 });

  it('transfers the amount to the connected account under our key, repeated on the SDK retry', async () => {
    const seen: Array<{ url?: string; key?: string | string[]; body: string }> = [];
    const server = await standIn((request, body, response) => {
      seen.push({ url: request.url, key: request.headers['idempotency-key'], body });
      if (seen.length === 1) {
        response.setHeader('stripe-should-retry', 'true');
        json(response, 503, { error: { type: 'api_error', message: 'try again' } });
        return;
      }
      json(response, 200, { id: 'tr_123', object: 'transfer', amount: 2500, currency: 'usd', destination: 'acct_abc' });
    });
    close = server.close;
    const provider = stripePayingWith(apiAt(server.port));
    const result = await provider.payout({ payoutId: 7, amountCents: 2500, destination: 'acct_abc' }, 'soleswap-payout-payout-7');
    expect(result).toEqual({ providerRef: 'tr_123', status: 'paid', failureMessage: null });
    expect(seen.map((s) => [s.url, s.key])).toEqual([
      ['/v1/transfers', 'soleswap-payout-payout-7'],
      ['/v1/transfers', 'soleswap-payout-payout-7'],
    ]);
    expect(new URLSearchParams(seen[1]!.body).get('amount')).toBe('2500');
    expect(new URLSearchParams(seen[1]!.body).get('destination')).toBe('acct_abc');
    expect(new URLSearchParams(seen[1]!.body).get('currency')).toBe('usd');
  });

  it('fails the payout with Stripe’s words when Stripe refuses the transfer', async () => {
    const server = await standIn((_request, _body, response) =>
      json(response, 400, { error: { type: 'invalid_request_error', message: 'Insufficient funds in Stripe account.' } }),
    );
    close = server.close;
    const provider = stripePayingWith(apiAt(server.port));
    expect(await provider.payout({ payoutId: 8, amountCents: 100, destination: 'acct_abc' }, 'k')).toEqual({
      providerRef: null,
      status: 'failed',
      failureMessage: 'Insufficient funds in Stripe account.',
    });
  });

  it('throws (the payout stays requested) when Stripe answers a server error after its retries', async () => {
    const server = await standIn((_request, _body, response) => json(response, 500, { error: { type: 'api_error', message: 'boom' } }));
    close = server.close;
    const provider = stripePayingWith(apiAt(server.port));
    await expect(provider.payout({ payoutId: 9, amountCents: 100, destination: 'acct_abc' }, 'k')).rejects.toThrow();
  });

  it('finds the transfer made for a payout by its metadata, past a page of other transfers, and none for a payout never paid', async () => {
    const stripe = await new FakeStripe().start();
    close = () => stripe.close();
    const provider = stripePayingWith(new StripeSdkTransferApi('sk_test_fake_stripe', stripe.config));
    const since = new Date(Date.now() - 1000);
    const paid = await provider.payout({ payoutId: 41, amountCents: 700, destination: 'acct_abc' }, 'soleswap-payout-payout-41');
    for (let id = 42; id < 150; id++)
      await provider.payout({ payoutId: id, amountCents: 100, destination: 'acct_abc' }, `soleswap-payout-payout-${id}`);
    await provider.payout({ payoutId: 41, amountCents: 700, destination: 'acct_other' }, 'soleswap-payout-payout-41-elsewhere');

    expect(await provider.findTransfer({ payoutId: 41, destination: 'acct_abc', createdAt: since }, 'soleswap-payout-payout-41')).toEqual({
      providerRef: paid.providerRef,
    });
    expect(await provider.findTransfer({ payoutId: 150, destination: 'acct_abc', createdAt: since }, 'soleswap-payout-payout-150')).toBeNull();
    expect(stripe.done('GET', '/v1/transfers').length).toBeGreaterThan(2);
  });

  it('the sandbox finds the transfers it made by key, and pays a key once', async () => {
    const sandbox = sandboxForTests();
    const lookup = { payoutId: 1, destination: null, createdAt: new Date() };
    const key = `sandbox-test-${Date.now()}`;
    expect(await sandbox.findTransfer(lookup, key)).toBeNull();
    const paid = await sandbox.payout({ payoutId: 1, amountCents: 500, destination: null }, key);
    expect(await sandbox.findTransfer(lookup, key)).toEqual({ providerRef: paid.providerRef });
    expect(await sandbox.payout({ payoutId: 1, amountCents: 500, destination: null }, key)).toEqual(paid);
  });
});
