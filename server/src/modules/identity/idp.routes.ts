import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { z } from 'zod';
import { SignInSchema, SignUpSchema, type InteractionResult } from '@soleswap/contracts/identity';
import { AppError } from '../../errors';
import { parse } from '../../http/validate';
import { IDP_PREFIX } from './embedded-provider';
import { authenticateLocalAccount, createLocalAccount } from './local-accounts';
import { interactionFallbackPage } from './provider-pages';

const UidParams = z.object({ uid: z.string().min(1).max(128) });

/**
 * The embedded provider under /idp, plus the routes of its sign-in page. Those live under
 * /idp/interaction/:uid because the provider's `_interaction` cookie is scoped to that path;
 * being more specific than /idp/*, they win over the provider's wildcard.
 */
export function idpRoutes(provider: Provider) {
  return async (app: FastifyInstance) => {
    await app.register(mountProvider(provider));

    app.get('/idp/interaction/:uid', async (_request, reply) => {
      // The web app renders the sign-in page at this path (a client-side route).
      const index = await readFile(path.join(webDistDir(app), 'index.html'), 'utf8').catch(() => null);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(index ?? interactionFallbackPage());
    });

    app.get('/idp/interaction/:uid/details', async (request, reply) => {
      const interaction = await currentInteraction(provider, request, reply);
      reply.header('cache-control', 'no-store');
      return { uid: interaction.uid, prompt: interaction.prompt.name };
    });

    app.post(
      '/idp/interaction/:uid/login',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request, reply): Promise<InteractionResult> => {
        const input = parse(SignInSchema, request.body);
        await currentInteraction(provider, request, reply);
        const account = await authenticateLocalAccount(app.ctx, input);
        return { redirectTo: await finishLogin(provider, request, reply, account.id) };
      },
    );

    app.post(
      '/idp/interaction/:uid/signup',
      { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
      async (request, reply): Promise<InteractionResult> => {
        const input = parse(SignUpSchema, request.body);
        await currentInteraction(provider, request, reply);
        const account = await createLocalAccount(app.ctx, input);
        return { redirectTo: await finishLogin(provider, request, reply, account.id) };
      },
    );
  };
}

/**
 * oidc-provider in its own plugin scope (STACK-NOTES "OpenID Connect in one process"): it parses
 * its own bodies, so Fastify's parsers are replaced by one that reads nothing, and the raw request
 * goes to the provider with the /idp prefix stripped (originalUrl keeps it for the URLs it builds).
 */
function mountProvider(provider: Provider) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = provider.callback();
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
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
async function currentInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply): Promise<Interaction> {
  const { uid } = parse(UidParams, request.params);
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
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
function finishLogin(provider: Provider, request: FastifyRequest, reply: FastifyReply, accountId: string) {
  return provider.interactionResult(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
}

function webDistDir(app: FastifyInstance): string {
  return app.ctx.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../../../web/dist');
}
