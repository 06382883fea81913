import type { FastifyInstance } from 'fastify';
import { PushSubscriptionSchema, PushUnsubscribeSchema, type PushPublicKey } from '@soleswap/contracts/push';
import { requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';

/** Subscribing a browser changes nothing another request could double: one row per endpoint. */
const PUSH_WRITES_PER_MINUTE = 20;

export async function pushRoutes(app: FastifyInstance, { publicKey }: { publicKey: string }) {
  app.get(
    '/api/push/public-key',
    { config: { openapi: { summary: 'The VAPID public key browsers subscribe with' } } },
    async (request): Promise<PushPublicKey> => {
      await requireUser(request);
      return { publicKey };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: {
        rateLimit: perMemberLimit(PUSH_WRITES_PER_MINUTE),
        openapi: { summary: 'Turns push on for this browser', body: PushSubscriptionSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parse(PushSubscriptionSchema, request.body);
      const result = await subscribePush(app.ctx, { userId: user.id, sessionId: request.session.sessionId, input });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: {
        rateLimit: perMemberLimit(PUSH_WRITES_PER_MINUTE),
        openapi: { summary: 'Turns push off for this browser', body: PushUnsubscribeSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { endpoint } = parse(PushUnsubscribeSchema, request.body);
      return unsubscribePush(app.ctx, { userId: user.id, endpoint });
    },
  );
}
