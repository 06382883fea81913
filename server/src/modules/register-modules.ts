import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/catalog.routes';
import { followsRoutes } from './follows/follows.routes';
import { registerIdentity } from './identity/register-identity';
import { ledgerRoutes } from './ledger/ledger.routes';
import { loopsRoutes } from './loops/loops.routes';
import { sneakersRoutes } from './sneakers/sneakers.routes';
import { tradesRoutes } from './trades/trades.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { wantsRoutes } from './wants/wants.routes';

/**
 * Feature modules register their routes here (identity, catalog, sneakers, trades, ledger, ...),
 * one line each, so app.ts stays about cross-cutting concerns.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(followsRoutes);
  await registerIdentity(app);
  await app.register(tradesRoutes);
  await app.register(ledgerRoutes);
  await app.register(catalogRoutes);
  await app.register(uploadsRoutes);
  await app.register(sneakersRoutes);
  await app.register(wantsRoutes);
  await app.register(loopsRoutes);
}
