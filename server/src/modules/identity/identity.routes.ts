import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startSession } from '../../http/auth';
import { AppError } from '../../errors';
import { SESSION_COOKIE } from '../../http/session-cookie';
import { closeLiveStreamsOfSession, sessionKeyOf } from '../live/close-live-streams';
import { recordSessionDevice } from './account/account-sessions';
import { noticeSignIn } from './account/sign-in-notice';
import { checkDeviceAtSignIn } from './new-device/new-device';
import { alternateHosts, canonicalLoginUrl } from './canonical-origin';
import type { Mailer } from './mailer';
import type { OidcConfigurationSource } from './oidc-client';
import { signOutPage } from './provider-pages';
import { endSessionUrl, finishLogin, safeReturnTo, startLogin } from './relying-party';

const LOGIN_FAILED = '/?login=failed';

/**
 * A visitor's session while they sign in holds only the PKCE verifier and state of the flow: it
 * lasts minutes, not a member's week, so a visitor who never comes back costs no row for long.
 */
export const PRE_LOGIN_SESSION_MS = 10 * 60 * 1000;
/** Sign-ins one address may start a minute: each writes a session row. */
export const LOGINS_PER_MINUTE = 30;

/** A suspended member lands here, where the page tells them why they are not signed in. */
const LOGIN_SUSPENDED = '/?login=suspended';

/**
 * The relying-party routes (see docs/rules/sign-in.md#the-flow): /api/login starts the authorization-code flow,
 * /api/callback finishes it, /api/logout ends our session and the provider's.
 */
export function identityRoutes(oidcConfiguration: OidcConfigurationSource, mailer: Mailer) {
  return async (app: FastifyInstance) => {
    const { env } = app.ctx;
    const redirectUri = `${env.APP_ORIGIN}/api/callback`;
    const alternates = alternateHosts(env);

    app.get('/api/login', { config: { rateLimit: { max: LOGINS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { returnTo } = (request.query ?? {}) as { returnTo?: unknown };
      const safeReturn = safeReturnTo(returnTo);
      const canonical = canonicalLoginUrl(env, alternates, request.host, safeReturn);
      if (canonical) return reply.header('cache-control', 'no-store').redirect(canonical, 302);
      let login: Awaited<ReturnType<typeof startLogin>>;
      try {
        login = await startLogin(await oidcConfiguration(), redirectUri, safeReturn);
      } catch (error) {
        // An external provider that is down: a page with a message beats a JSON 500 for a navigation.
        request.log.error({ err: error }, 'cannot reach the OpenID provider');
        return reply.redirect(LOGIN_FAILED, 302);
      }
      // A member signing in again keeps their session's length; a visitor's lasts until the flow could have ended.
      if (!request.session.get('userId')) request.session.options({ maxAge: PRE_LOGIN_SESSION_MS });
      request.session.set('oidc', login.pending);
      return reply.header('cache-control', 'no-store').redirect(login.url.href, 302);
    });

    app.get('/api/callback', async (request, reply) => {
      const pending = request.session.get('oidc');
      if (!pending) return reply.redirect(LOGIN_FAILED, 302);
      // Single use: a second callback with the same state must fail.
      request.session.set('oidc', undefined);
      try {
        const callbackUrl = new URL(request.url, env.APP_ORIGIN);
        const { user, idToken } = await finishLogin(app.ctx, await oidcConfiguration(), callbackUrl, pending);
        await startSession(request, user.id);
        recordSessionDevice(request, app.ctx.now());
        // Premium's Enhanced Security: a new device waits for its e-mailed link (before noticeSignIn remembers the browser).
        await checkDeviceAtSignIn(app.ctx, { request, reply, user });
        // A new browser is told to the member; a failure to tell never fails the sign-in.
        await noticeSignIn(app.ctx, mailer, {
          userId: user.id,
          email: user.email,
          userAgent: String(request.headers['user-agent'] ?? ''),
          ip: request.ip,
        }).catch((error: unknown) => request.log.error({ err: error }, 'could not tell the member about a new sign-in'));
        if (idToken) request.session.set('idToken', idToken);
        return reply.redirect(pending.returnTo ?? '/', 302);
      } catch (error) {
        // A replayed or forged callback, a denied consent, an unreachable provider: the visitor
        // lands on the home page with a message, never on a 500.
        request.log.warn({ err: error }, 'login callback failed');
        const suspended = error instanceof AppError && error.code === 'ACCOUNT_SUSPENDED';
        return reply.redirect(suspended ? LOGIN_SUSPENDED : LOGIN_FAILED, 302);
      }
    });

    // Signing out is a POST: a GET (a link, or an <img> on any site) only shows a button that posts.
    // The page lets the browser send our Origin with that post (helmet's no-referrer would make it `null`).
    app.get('/api/logout', async (_request, reply) =>
      reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(signOutPage()),
    );

    // The sign-out page's form posts an empty urlencoded body; nothing in it is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    /**
     * Ends the session (the same-origin check refuses a cross-site post). The sign-out page's form
     * is sent on to the provider's logout (or home); a script gets 200 `{ redirectTo }` when the
     * provider's session should end too (the web app then goes there), else 204.
     */
    app.post('/api/logout', async (request, reply) => {
      const target = await endSession(request, reply);
      if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return reply.redirect(target ?? '/', 303);
      if (target) return { redirectTo: target };
      return reply.status(204).send();
    });

    /** Destroys our session; answers the provider's logout URL when there is one to visit. */
    async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
      const idToken = request.session.get('idToken');
      const { sessionId } = request.session;
      const userId = request.session.get('userId');
      const wasSignedIn = Boolean(userId);
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      // Streams opened with this session end now, on whichever instance holds them.
      if (wasSignedIn) await closeLiveStreamsOfSession(app.ctx.db, sessionId);
      // Push subscriptions made in it end too (push module).
      if (userId) app.ctx.events.emit('session.ended', { userId, sessionKey: sessionKeyOf(sessionId) });
      if (!idToken) return null;
      try {
        return endSessionUrl(await oidcConfiguration(), idToken, `${env.APP_ORIGIN}/`);
      } catch (error) {
        request.log.warn({ err: error }, 'provider logout unavailable');
        return null;
      }
    }
  };
}
