import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS, StripeSdkApi } from './stripe-api';

/** A stand-in for api.stripe.com on this machine: the real SDK talks HTTP to it. */
async function standIn(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('StripeSdkApi against a stand-in Stripe', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('sends refunds.create with our idempotency key, and repeats that key when the SDK retries', async () => {
    const seen: Array<{ method?: string; url?: string; key?: string | string[] }> = [];
    const server = await standIn((request, response) => {
      seen.push({ method: request.method, url: request.url, key: request.headers['idempotency-key'] });
      request.resume();
      response.setHeader('content-type', 'application/json');
      if (seen.length === 1) {
        // Stripe's answer to a request it could not finish: the SDK retries it.
        response.statusCode = 503;
        response.setHeader('stripe-should-retry', 'true');
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'try again' } }));
        return;
      }
      response.end(JSON.stringify({ id: 're_1', object: 'refund', payment_intent: 'pi_1', status: 'succeeded' }));
    });
    close = server.close;
    const api = new StripeSdkApi('sk_test_standin', { host: '127.0.0.1', port: server.port, protocol: 'http' });
    await api.refundPaymentIntent('pi_1', { idempotencyKey: 'soleswap-refund-stripe-pi_1' });
    expect(seen).toEqual([
      { method: 'POST', url: '/v1/refunds', key: 'soleswap-refund-stripe-pi_1' },
      { method: 'POST', url: '/v1/refunds', key: 'soleswap-refund-stripe-pi_1' },
    ]);
  });

  it('gives up on a Stripe that does not answer instead of waiting the SDK default of 80 s', async () => {
    const server = await standIn((request) => request.resume());
    close = server.close;
    const api = new StripeSdkApi('sk_test_standin', { host: '127.0.0.1', port: server.port, protocol: 'http', timeout: 200, maxNetworkRetries: 0 });
    await expect(api.retrievePaymentIntent('pi_1')).rejects.toThrow();
    expect(api.config).toEqual({ timeout: 200, maxNetworkRetries: 0, host: '127.0.0.1', port: server.port, protocol: 'http' });
    expect(new StripeSdkApi('sk_test_x').config).toEqual({ timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES });
    expect(STRIPE_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });
});
