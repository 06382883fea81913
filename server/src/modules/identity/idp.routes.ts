import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import { z } from 'zod';
import { SignInSchema, SignUpSchema, type InteractionResult, type SecondFactorNeeded } from '@soleswap/contracts/identity';
import { AppError } from '../../errors';
import { parse } from '../../http/validate';
import { DEFAULT_WEB_DIST_DIR } from '../../server-paths';
import { CONFIRM_EMAIL_PATH, confirmEmail, resendConfirmationLink, sendConfirmationLink } from './email-confirmation';
import { IDP_PREFIX } from './embedded-provider';
import { assertSignInAllowed, recordFailedSignIn } from './account/sign-in-guard';
import { authenticateLocalAccount, createLocalAccount } from './local-accounts';
import type { Mailer } from './mailer';
import { confirmationPage, interactionFallbackPage } from './provider-pages';
import { secondFactorAtSignIn } from './two-factor/sign-in-second-factor';

const UidParams = z.object({ uid: z.string().min(1).max(128) });
const TokenInput = z.object({ token: z.string().max(300).catch('') });

/**
 * The embedded provider under /idp, plus the routes of its sign-in page. Those live under
 * /idp/interaction/:uid because the provider's `_interaction` cookie is scoped to that path;
 * being more specific than /idp/*, they win over the provider's wildcard. `provider` gives the
 * embedded provider, built on its first call.
 */
export function idpRoutes(provider: () => Promise<Provider>, mailer: Mailer) {
  return async (app: FastifyInstance) => {
    await app.register(mountProvider(provider));
    await app.register(confirmationRoutes(mailer));

    app.get('/idp/interaction/:uid', async (_request, reply) => {
      // The web app renders the sign-in page at this path (a client-side route).
      const index = await readFile(path.join(webDistDir(app), 'index.html'), 'utf8').catch(() => null);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(index ?? interactionFallbackPage());
    });

    app.get('/idp/interaction/:uid/details', async (request, reply) => {
      const interaction = await currentInteraction(await provider(), request, reply);
      reply.header('cache-control', 'no-store');
      return { uid: interaction.uid, prompt: interaction.prompt.name };
    });

    app.post(
      '/idp/interaction/:uid/login',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply): Promise<InteractionResult | SecondFactorNeeded> => {
        const input = parse(SignInSchema, request.body);
        const interaction = await currentInteraction(await provider(), request, reply);
        // Per account and client too, across instances: this client, locked out of the account, is
        // refused even the right password; the owner elsewhere is not.
        const attempt = { email: input.email, client: request.ip };
        await assertSignInAllowed(app.ctx, attempt);
        const account = await authenticateLocalAccount(app.ctx, input).catch(async (error: unknown) => {
          if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await recordFailedSignIn(app.ctx, attempt);
          throw error;
        });
        // A member who enrolled a second factor is asked for it at every sign-in (decisions §14).
        const secondFactor = await secondFactorAtSignIn(app.ctx, { request, uid: interaction.uid, accountId: account.id });
        if (secondFactor) return secondFactor;
        return { redirectTo: await finishLogin(await provider(), request, reply, account.id) };
      },
    );

    app.post(
      '/idp/interaction/:uid/signup',
      { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
      async (request, reply): Promise<InteractionResult> => {
        const input = parse(SignUpSchema, request.body);
        await currentInteraction(await provider(), request, reply);
        const account = await createLocalAccount(app.ctx, input);
        // The new member goes on signing in even when the mail server is down; until they confirm,
        // their address just does not count as proven.
        await sendConfirmationLink(app.ctx, mailer, account).catch((error: unknown) =>
          request.log.error({ err: error }, 'could not send the e-mail confirmation link'),
        );
        return { redirectTo: await finishLogin(await provider(), request, reply, account.id) };
      },
    );
  };
}

/**
 * The page a confirmation link opens, and the form on it that asks for a new link when the old one
 * expired. That form posts urlencoded, so this scope alone gets a parser for it.
 */
function confirmationRoutes(mailer: Mailer) {
  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const html = (reply: FastifyReply, { status, html }: { status: number; html: string }) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

    scope.get(CONFIRM_EMAIL_PATH, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token } = TokenInput.parse(request.query ?? {});
      const outcome = token ? await confirmEmail(scope.ctx, token) : 'invalid';
      return html(reply, confirmationPage(outcome, { action: `${CONFIRM_EMAIL_PATH}/resend`, token }));
    });

    scope.post(`${CONFIRM_EMAIL_PATH}/resend`, { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token } = TokenInput.parse(request.body ?? {});
      return html(reply, confirmationPage(token ? await resendConfirmationLink(scope.ctx, mailer, token) : 'invalid'));
    });
  };
}

/**
 * oidc-provider in its own plugin scope (STACK-NOTES "OpenID Connect in one process"): it parses
 * its own bodies, so Fastify's parsers are replaced by one that reads nothing, and the raw request
 * goes to the provider with the /idp prefix stripped (originalUrl keeps it for the URLs it builds).
 */
function mountProvider(provider: () => Promise<Provider>) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    let handler: ReturnType<Provider['callback']> | undefined;
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      // Until the provider is ready this is an ordinary route, so a failure to build it is an ordinary 500.
      handler ??= (await provider()).callback();
      const handle = handler;
      reply.hijack();
      // Helmet's `no-referrer` makes browsers send `Origin: null` with the provider's auto-submitted
      // forms (logout confirmation, form_post), which the same-origin check must reject. Within our
      // own origin the referrer reveals nothing new.
      reply.raw.setHeader('referrer-policy', 'same-origin');
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? IDP_PREFIX;
      const rest = url.slice(IDP_PREFIX.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      void handle(raw, reply.raw);
    };
    scope.all(IDP_PREFIX, forward);
    scope.all(`${IDP_PREFIX}/*`, forward);
  };
}

/** The interaction this browser is in, or NOT_FOUND when it is unknown, expired or not the one in the URL. */
export async function currentInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply): Promise<Interaction> {
  const { uid } = parse(UidParams, request.params);
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    const { errors } = await import('oidc-provider');
    if (error instanceof errors.SessionNotFound) throw expired();
    throw error;
  }
  if (interaction.uid !== uid) throw expired();
  return interaction;
}

function expired() {
  return new AppError('NOT_FOUND', 'This sign-in page has expired. Please start signing in again.');
}

/** Records the signed-in account on the interaction; the browser continues at the returned URL. */
export function finishLogin(provider: Provider, request: FastifyRequest, reply: FastifyReply, accountId: string) {
  return provider.interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
}

function webDistDir(app: FastifyInstance): string {
  return app.ctx.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR;
}
