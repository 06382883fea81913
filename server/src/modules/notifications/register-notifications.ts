import type { FastifyInstance } from 'fastify';
import { notificationsRoutes } from './notifications.routes';
import { notifyFollowersOfListing } from './notify-followers-of-listing';
import { notifyMatchFound } from './notify-match-found';
import { notifyNewFollower } from './notify-new-follower';
import { NewMessageNotifier } from './notify-new-message';
import { notifyTradeChanged } from './notify-trade-changed';

/** The bell's routes, and the domain events that add to it (all heard after their work committed). */
export async function registerNotifications(app: FastifyInstance) {
  const { ctx } = app;
  ctx.events.on('trade.changed', (event) => notifyTradeChanged(ctx, event));
  ctx.events.on('follow.created', (event) => notifyNewFollower(ctx, event));
  ctx.events.on('sneaker.created', (event) => notifyFollowersOfListing(ctx, event));
  const messages = new NewMessageNotifier(ctx);
  ctx.events.on('message.created', (event) => messages.notify(event));
  ctx.events.on('match.found', (event) => notifyMatchFound(ctx, event));
  await app.register(notificationsRoutes);
}
