import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/validate';
import { handleShippingWebhook } from './handle-shipping-webhook';

const WebhookParamsSchema = z.object({ provider: z.string().min(1).max(40) });

/**
 * POST /api/shipping/webhooks/:provider: the carrier's events as the shipping provider delivers
 * them (docs/rules/shipping.md#carrier-events). The provider signs the exact bytes it sends, so
 * this scope keeps the body raw. A forged delivery is 400 WEBHOOK_INVALID; a replay, or a tracker
 * of no label of ours, is acknowledged (200) with nothing applied, so the provider stops resending.
 */
export async function shippingWebhookRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(async (webhookScope) => {
    webhookScope.removeAllContentTypeParsers();
    webhookScope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    webhookScope.post(
      '/api/shipping/webhooks/:provider',
      {
        config: {
          rateLimit: { max: 300, timeWindow: '1 minute' },
          openapi: { summary: "A shipping provider's tracker webhook (signature checked over the raw body; each event applied once)" },
        },
      },
      async (request) => {
        const { provider } = parse(WebhookParamsSchema, request.params);
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { received: true, ...(await handleShippingWebhook(ctx, { provider, rawBody, headers: request.headers })) };
      },
    );
  });
}
