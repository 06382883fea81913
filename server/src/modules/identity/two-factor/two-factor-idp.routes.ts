import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { SecondFactorCodeSchema, WebAuthnResponseSchema, type InteractionResult } from '@soleswap/contracts/identity';
import { parse } from '../../../http/validate';
import { currentInteraction, finishLogin } from '../idp.routes';
import { finishPasskeyAuthentication, startPasskeyAuthentication } from './passkeys';
import { accountOfPasskeyMember, finishSignInWithCode } from './sign-in-second-factor';

/**
 * The embedded provider's sign-in page, second-factor parts: "Sign in with a passkey" (no
 * password), and the code step of an account whose every sign-in asks for the second factor.
 */
export function twoFactorIdpRoutes(provider: () => Promise<Provider>) {
  return async (app: FastifyInstance) => {
    const { ctx } = app;
    const tries = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

    app.post('/idp/interaction/:uid/passkey/options', tries, async (request, reply) => {
      await currentInteraction(await provider(), request, reply);
      reply.header('cache-control', 'no-store');
      return startPasskeyAuthentication(ctx, { request, userId: null, purpose: 'sign-in' });
    });

    app.post('/idp/interaction/:uid/passkey', tries, async (request, reply): Promise<InteractionResult> => {
      const { response } = parse(WebAuthnResponseSchema, request.body);
      await currentInteraction(await provider(), request, reply);
      const { userId } = await finishPasskeyAuthentication(ctx, { request, userId: null, purpose: 'sign-in', response });
      const accountId = await accountOfPasskeyMember(ctx, userId);
      return { redirectTo: await finishLogin(await provider(), request, reply, accountId) };
    });

    app.post('/idp/interaction/:uid/second-factor', tries, async (request, reply): Promise<InteractionResult> => {
      const { code } = parse(SecondFactorCodeSchema, request.body);
      const interaction = await currentInteraction(await provider(), request, reply);
      const accountId = await finishSignInWithCode(ctx, { request, uid: interaction.uid, code });
      return { redirectTo: await finishLogin(await provider(), request, reply, accountId) };
    });
  };
}
