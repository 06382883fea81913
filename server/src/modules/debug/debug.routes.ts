import type { FastifyInstance } from 'fastify';
import { ForceAuthSchema } from '@soleswap/contracts/users';
import { AppError } from '../../errors';
import { startSession } from '../../http/auth';
import { parse } from '../../http/validate';
import { SERVER_VERSION } from '../health/version';
import { forceAuthUser } from './force-auth';

/** Development tools: they answer 404 in production unless ENABLE_DEV_LOGIN=1. */
export async function debugRoutes(app: FastifyInstance) {
  const { env } = app.ctx;
  app.addHook('onRequest', async () => {
    if (!env.devToolsEnabled) throw new AppError('DISABLED', 'Not found');
  });

  app.post('/api/debug/force-auth', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const input = parse(ForceAuthSchema, request.body ?? {});
    const user = await forceAuthUser(app.ctx, input);
    await startSession(request, user.id);
    return { success: true, user };
  });

  // Facts only, never a secret, key or connection string: this answers anyone who can reach it.
  app.get('/api/debug/server-info', async () => ({
    nodeVersion: process.version,
    nodeEnv: env.NODE_ENV,
    version: SERVER_VERSION,
    database: app.ctx.database.kind,
    appOrigins: [env.APP_ORIGIN, ...env.APP_ORIGINS],
    identityProvider: env.OIDC_ISSUER_URL ? 'external' : 'embedded',
    uptimeSeconds: Math.round(process.uptime()),
  }));
}
