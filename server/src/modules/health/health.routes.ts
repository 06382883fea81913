import { rowsOf } from '../../db/raw-rows';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SERVER_VERSION } from './version';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (_request, reply) => {
    const started = performance.now();
    try {
      const result = await app.ctx.db.execute(sql`select version() as version`);
      const row = rowsOf<{ version: string }>(result)[0];
      return {
        status: 'ok',
        version: SERVER_VERSION,
        database: {
          kind: app.ctx.database.kind,
          reachable: true,
          version: row?.version ?? null,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
        },
      };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({
        status: 'degraded',
        version: SERVER_VERSION,
        database: { kind: app.ctx.database.kind, reachable: false, version: null },
      });
    }
  });
}
