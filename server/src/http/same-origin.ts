import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that carries an Origin must come
 * from one of the configured origins (APP_ORIGIN, APP_ORIGINS); without Origin, a browser's
 * Sec-Fetch-Site must not say cross-site. Non-browser clients (no Origin, no Sec-Fetch-Site) pass.
 * The list is never derived from the request's Host: whoever sends the request chooses that header,
 * and a site that points its own name at our server would then pass as "same origin".
 * The embedded provider's own endpoints under /idp (token exchange, its logout confirmation form,
 * which browsers post with `Origin: null` under our no-referrer policy) carry oidc-provider's own
 * xsrf and client authentication; our interaction endpoints below /idp/interaction stay checked.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url.startsWith('/idp/') && !request.url.startsWith('/idp/interaction/')) return;
    const origin = request.headers.origin;
    if (origin) {
      if (allowed.has(origin)) return;
      throw new AppError('CSRF_REJECTED', 'Cross-site request rejected');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('CSRF_REJECTED', 'Cross-site request rejected');
    }
  });
}
