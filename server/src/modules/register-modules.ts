import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/catalog.routes';
import { followsRoutes } from './follows/follows.routes';
import { registerIdentity } from './identity/register-identity';
import { ledgerRoutes } from './ledger/ledger.routes';
import { liveRoutes } from './live/live.routes';
import { registerNotifications } from './notifications/register-notifications';
import { sneakersRoutes } from './sneakers/sneakers.routes';
import { tradesRoutes } from './trades/trades.routes';
import { uploadsRoutes } from './uploads/uploads.routes';

/**
 * Feature modules register their routes here (identity, catalog, sneakers, trades, ledger, ...),
 * one line each, so app.ts stays about cross-cutting concerns. A module that does side work after
 * other modules' changes also registers its domain-event listeners here (`register<Module>`).
 */
export async function registerModules(app: FastifyInstance) {
  // Listener failures go to the app's log, with the event's name.
  app.ctx.events.useLogger(app.log);
  // Side work already under way finishes before the database it writes to is closed.
  app.addHook('onClose', () => app.ctx.events.idle());
  await app.register(followsRoutes);
  await registerIdentity(app);
  await app.register(tradesRoutes);
  await app.register(ledgerRoutes);
  await app.register(catalogRoutes);
  await app.register(uploadsRoutes);
  await app.register(sneakersRoutes);
  await app.register(liveRoutes);
  await registerNotifications(app);
}
