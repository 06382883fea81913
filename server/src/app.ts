import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import session from '@fastify/session';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './context';
import { registerSessionUsers } from './http/auth';
import { registerErrorHandler } from './http/error-handler';
import { registerJsonBodyCheck } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { registerSameOriginCheck } from './http/same-origin';
import { DbSessionStore } from './http/session-store';
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes';
import { earlySignupsRoutes } from './modules/early-signups/early-signups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { findSessionUser } from './modules/users/get-user';
import { usersRoutes } from './modules/users/users.routes';
import { countFollowsOf } from './modules/follows/follow-records';
import { countSneakersOfMember } from './modules/sneakers/sneaker-records';
import { findTradeHistory as findMemberTradeHistory } from './modules/trades/find-member-trade-history';
import { registerModules } from './modules/register-modules';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface BuildAppOptions {
  /** Fastify's logger; off in tests. */
  logger?: boolean;
}

/** The whole HTTP app on a context; tests call this in-process with `app.inject`. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { env } = ctx;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
  });
  app.decorate('ctx', ctx);
  registerSessionUsers(app, findSessionUser);
  registerErrorHandler(app);
  registerJsonBodyCheck(app);
  registerOpenApi(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'form-action': ["'self'", ...(env.OIDC_ISSUER_URL ? [new URL(env.OIDC_ISSUER_URL).origin] : [])],
      },
    },
    // Our http://localhost demo must not be upgraded to https.
    ...(env.NODE_ENV === 'production' ? {} : { hsts: false }),
  });
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  await app.register(session, {
    secret: env.SESSION_SECRET,
    cookieName: 'soleswap.sid',
    store: new DbSessionStore(ctx.db),
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: env.APP_ORIGIN.startsWith('https://') ? true : false,
      maxAge: WEEK_MS,
      path: '/',
    },
  });
  registerSameOriginCheck(app, [env.APP_ORIGIN, ...env.APP_ORIGINS]);

  await app.register(healthRoutes);
  await app.register(usersRoutes, {
    countActivity: async (db, userId) => {
      const [sneakerCount, follows] = await Promise.all([countSneakersOfMember(db, userId), countFollowsOf(db, userId)]);
      return { sneakerCount, ...follows };
    },
    findTradeHistory: findMemberTradeHistory,
  });
  await app.register(earlySignupsRoutes);
  await app.register(diagnosticsRoutes);
  await registerModules(app);

  const webDist = env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWebClient = existsSync(path.join(webDist, 'index.html'));
  if (hasWebClient) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
  }
  // The client's router owns every non-API page path: send it the app shell. API paths get JSON.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/uploads/');
    if (hasWebClient && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${url}` });
  });
  return app;
}
