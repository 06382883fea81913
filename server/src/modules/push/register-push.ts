import type { FastifyInstance } from 'fastify';
import { PushDelivery } from './push-delivery';
import { pushRoutes } from './push.routes';
import { webPushSender } from './push-sender';
import { loadVapidKeys } from './vapid-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push delivery (tests swap its sender: `app.push.useSender(fake)`). */
    push: PushDelivery;
  }
}

/**
 * Web Push (docs/rules/offline-and-push.md): the routes, and the domain events it acts on: a bell
 * notification was committed (sent to the member's devices), a session ended (its subscriptions go).
 */
export async function registerPush(app: FastifyInstance) {
  const keys = loadVapidKeys(app.ctx.env);
  const push = new PushDelivery(app.ctx, webPushSender(keys));
  app.decorate('push', push);
  app.ctx.events.on('notification.created', (event) => push.sendNotification(event).then(() => undefined));
  app.ctx.events.on('session.ended', (event) => push.forgetSession(event));
  await app.register(pushRoutes, { publicKey: keys.publicKey });
}
