import type { FastifyInstance } from 'fastify';
import {
  PushPreferencesSchema,
  PushSubscriptionSchema,
  PushSubscriptionStatusQuerySchema,
  PushUnsubscribeSchema,
  type PushPreferences,
  type PushPublicKey,
  type PushSubscriptionStatus,
} from '@soleswap/contracts/push';
import { requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { getPushPreferences, updatePushPreferences } from './push-preferences';
import { hasOwnSubscription } from './push.repository';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';

/** Subscribing a browser changes nothing another request could double: one row per endpoint. */
const PUSH_WRITES_PER_MINUTE = 20;
/** The settings page asks once per visit. */
const PUSH_READS_PER_MINUTE = 60;

export async function pushRoutes(app: FastifyInstance, { publicKey }: { publicKey: string }) {
  app.get(
    '/api/push/public-key',
    { config: { openapi: { summary: 'The VAPID public key browsers subscribe with' } } },
    async (request): Promise<PushPublicKey> => {
      await requireUser(request);
      return { publicKey };
    },
  );

  app.get(
    '/api/push/preferences',
    { config: { rateLimit: perMemberLimit(PUSH_READS_PER_MINUTE), openapi: { summary: 'Which kinds of notice are pushed to your devices' } } },
    async (request): Promise<PushPreferences> => {
      const user = await requireUser(request);
      return getPushPreferences(app.ctx, { userId: user.id });
    },
  );

  app.put(
    '/api/push/preferences',
    {
      config: {
        rateLimit: perMemberLimit(PUSH_WRITES_PER_MINUTE),
        openapi: { summary: 'Switches kinds of notice on or off for push', body: PushPreferencesSchema },
      },
    },
    async (request): Promise<PushPreferences> => {
      const user = await requireUser(request);
      const input = parse(PushPreferencesSchema, request.body);
      return updatePushPreferences(app.ctx, { userId: user.id, input });
    },
  );

  app.get(
    '/api/push/subscriptions/status',
    {
      config: {
        rateLimit: perMemberLimit(PUSH_READS_PER_MINUTE),
        openapi: { summary: "Whether this browser's subscription is on for the member", query: PushSubscriptionStatusQuerySchema },
      },
    },
    async (request): Promise<PushSubscriptionStatus> => {
      const user = await requireUser(request);
      const { endpoint } = parse(PushSubscriptionStatusQuerySchema, request.query);
      return { subscribed: await hasOwnSubscription(app.ctx.db, user.id, endpoint) };
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
