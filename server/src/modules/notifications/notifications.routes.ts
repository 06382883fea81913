import type { FastifyInstance } from 'fastify';
import { MarkNotificationsReadSchema, NotificationListQuerySchema, NotificationPreferencesSchema } from '@soleswap/contracts/notifications';
import { requireUser } from '../../http/auth';
import type { RouteDoc } from '../../http/openapi';
import { parse } from '../../http/validate';
import { findNotifications } from './find-notifications';
import { markNotificationsRead } from './mark-notifications-read';
import { getNotificationPreferences, updateNotificationPreferences } from './notification-preferences';

const doc = (summary: string, schemas: Omit<RouteDoc, 'summary'> = {}) => ({ config: { openapi: { summary, ...schemas } } });

/** The bell's endpoints: every one is about the signed-in member's own notifications. */
export async function notificationsRoutes(app: FastifyInstance) {
  app.get(
    '/api/notifications',
    doc('Your notifications, newest first, with the unread count', { query: NotificationListQuerySchema }),
    async (request) => {
      const user = await requireUser(request);
      const query = parse(NotificationListQuerySchema, request.query);
      return findNotifications(app.ctx, { userId: user.id, query });
    },
  );

  app.post(
    '/api/notifications/read',
    doc('Mark some ({ ids }) or all ({ all: true }) of your notifications read', { body: MarkNotificationsReadSchema }),
    async (request) => {
      const user = await requireUser(request);
      const input = parse(MarkNotificationsReadSchema, request.body);
      return markNotificationsRead(app.ctx, { userId: user.id, input });
    },
  );

  app.get('/api/notifications/preferences', doc('Which kinds of notification you get'), async (request) => {
    const user = await requireUser(request);
    return getNotificationPreferences(app.ctx, { userId: user.id });
  });

  app.put(
    '/api/notifications/preferences',
    doc('Switch kinds of notification on or off', { body: NotificationPreferencesSchema }),
    async (request) => {
      const user = await requireUser(request);
      const input = parse(NotificationPreferencesSchema, request.body);
      return updateNotificationPreferences(app.ctx, { userId: user.id, input });
    },
  );
}
