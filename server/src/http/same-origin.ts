import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that carries an Origin must come
 * from our own origin (or an allowed one); without Origin, a browser's Sec-Fetch-Site must not
 * say cross-site. Non-browser clients (no Origin, no Sec-Fetch-Site) pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin === own || allowed.has(origin)) return;
      throw new AppError('CSRF_REJECTED', 'Cross-site request rejected');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('CSRF_REJECTED', 'Cross-site request rejected');
    }
  });
}
