import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import session from '@fastify/session';
import type { AppContext } from './context';
import { registerSessionUsers, SESSION_MAX_AGE_MS } from './http/auth';
import { registerResponseCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { registerJsonBodyCheck } from './http/json-body';
import { lazySchemaCompilers } from './http/lazy-schema-compilers';
import { loggerOptions } from './http/log-redaction';
import { registerOpenApi } from './http/openapi';
import { RequestLogController } from './http/request-log';
import { registerResponseCache } from './http/response-cache';
import { registerRequestStatements } from './http/request-statements';
import { registerSameOriginCheck } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { insecureOriginWarning, isSessionCookieSecure, SESSION_COOKIE } from './http/session-cookie';
import { closeRateLimitRedis, openRateLimitRedis } from './http/rate-limit-redis-store';
import { rateLimitOptions } from './http/rate-limit-store';
import { benchBaselineRoutes } from './http/bench-baseline';
import { CachedSigner } from './http/cached-signer';
import { DbSessionStore } from './http/session-store';
import { SessionCache } from './http/session-cache';
import { registerWebClient } from './http/static-assets';
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes';
import { earlySignupsRoutes } from './modules/early-signups/early-signups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { findSessionUser } from './modules/users/get-user';
import { sessionMemberJoin } from './modules/users/session-member';
import { membersGeneration } from './modules/users/member-changes';
import { usersRoutes } from './modules/users/users.routes';
import { describeVerifiedMember } from './modules/identity/verified-member';
import { countFollowsOf } from './modules/follows/follow-records';
import { countSneakersOfMember } from './modules/sneakers/sneaker-records';
import { findTradeHistory as findMemberTradeHistory } from './modules/trades/find-member-trade-history';
import { registerModules } from './modules/register-modules';
import { DEFAULT_WEB_DIST_DIR } from './server-paths';
import { clientErrorHandler } from './http/client-errors';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  /** Fastify's logger; off in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** The whole HTTP app on a context; tests call this in-process with `app.inject`. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { env } = ctx;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(env, options.logStream),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
    logController: new RequestLogController(),
    schemaController: { compilersFactory: lazySchemaCompilers() },
    // No limit on how long a plugin may take to start (Fastify's default is 10 s): on a busy or
    // slow host a start aborted with "Plugin did not start in time" and the server never came up.
    // A plugin that really hangs (a database that never answers) is the orchestrator's health
    // check to catch; a start that is merely slow must finish.
    pluginTimeout: 0,
    clientErrorHandler,
  });
  app.decorate('ctx', ctx);
  registerRequestStatements(app);
  registerSessionUsers(app, findSessionUser);
  const originWarning = insecureOriginWarning(env);
  if (originWarning) app.log.warn(originWarning);
  registerErrorHandler(app);
  registerJsonBodyCheck(app);
  registerOpenApi(app);
  registerResponseCompression(app);

  registerSecurityHeaders(app, {
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
  // Counted across every instance: in Redis when REDIS_URL is set, else in the database.
  const redis = env.REDIS_URL ? await openRateLimitRedis(env.REDIS_URL) : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable'));
    app.addHook('onClose', () => closeRateLimitRedis(redis));
  }
  const onRedisFallback = (error: Error | null) =>
    app.log.warn({ err: error }, 'rate-limit Redis unavailable: counting in the database until it answers again');
  await app.register(rateLimit, rateLimitOptions(ctx.db, redis, onRedisFallback));
  await app.register(cookie);
  // Only the embedded database sees every write to the members' table as it happens (session-cache.ts).
  const sessionCache = ctx.database.kind === 'pglite' ? new SessionCache(membersGeneration) : undefined;
  await app.register(session, {
    secret: new CachedSigner(env.SESSION_SECRET),
    cookieName: SESSION_COOKIE,
    store: new DbSessionStore(ctx.db, sessionMemberJoin, sessionCache),
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: isSessionCookieSecure(env),
      maxAge: SESSION_MAX_AGE_MS,
      path: '/',
    },
  });
  registerSameOriginCheck(app, [env.APP_ORIGIN, ...env.APP_ORIGINS]);
  registerResponseCache(app);

  await app.register(healthRoutes);
  await app.register(usersRoutes, {
    countActivity: async (db, userId, { includeHidden }) => {
      const [sneakerCount, follows] = await Promise.all([
        countSneakersOfMember(db, userId, { availableOnly: !includeHidden }),
        countFollowsOf(db, userId),
      ]);
      return { sneakerCount, ...follows };
    },
    findTradeHistory: findMemberTradeHistory,
    describeVerifiedMember,
  });
  await app.register(earlySignupsRoutes);
  await app.register(diagnosticsRoutes);
  await registerModules(app);
  if (env.BENCH_BASELINE) await app.register(benchBaselineRoutes);

  await registerWebClient(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
