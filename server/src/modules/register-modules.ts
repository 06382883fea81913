import type { FastifyInstance } from 'fastify';

/**
 * Feature modules register their routes here (identity, catalog, sneakers, trades, ledger, ...),
 * one line each, so app.ts stays about cross-cutting concerns.
 */
export async function registerModules(app: FastifyInstance) {
  void app;
}
