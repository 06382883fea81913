import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  PasskeyRegistrationSchema,
  SecondFactorCodeSchema,
  SignInRuleSchema,
  WebAuthnResponseSchema,
  type TotpConfirmed,
  type TotpSetup,
  type TwoFactorStatus,
} from '@soleswap/contracts/identity';
import { requireUser } from '../../../http/auth';
import { perMemberLimit } from '../../../http/rate-limit-store';
import { parse } from '../../../http/validate';
import { AppError } from '../../../errors';
import {
  finishPasskeyAuthentication,
  finishPasskeyRegistration,
  removePasskey,
  startPasskeyAuthentication,
  startPasskeyRegistration,
} from './passkeys';
import { getTwoFactorStatus, hasSecondFactor, markSecondFactor, requireRecentSecondFactor, verifySecondFactorCode } from './second-factor';
import { setSignInRule } from './two-factor.repository';
import { confirmTotp, removeTotp, setupTotp } from './totp-enrolment';

/** Codes and passkey answers one member may try a minute: a 6-digit code must not be guessable. */
export const SECOND_FACTOR_TRIES_PER_MINUTE = 10;
const PasskeyParams = z.object({ id: z.string().min(1).max(1024) });

/**
 * A member's second factors (issue #32, docs/rules/sign-in.md): TOTP with recovery codes, passkeys,
 * the step-up that proves one, and premium's every-sign-in rule. Adding or removing a factor needs
 * a recent second factor when the member already has one.
 */
export function twoFactorRoutes() {
  return async (app: FastifyInstance) => {
    const { ctx } = app;
    const tries = { config: { rateLimit: perMemberLimit(SECOND_FACTOR_TRIES_PER_MINUTE) } };
    const status = async (reply: FastifyReply, request: Parameters<typeof requireUser>[0]): Promise<TwoFactorStatus> => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return getTwoFactorStatus(ctx, { request, userId: user.id, isPremium: user.isPremiumMember });
    };

    app.get('/api/two-factor', async (request, reply) => status(reply, request));

    /** Step-up: a TOTP code or a recovery code makes the session's second factor recent. */
    app.post('/api/two-factor/verify', tries, async (request, reply) => {
      const user = await requireUser(request);
      const { code } = parse(SecondFactorCodeSchema, request.body);
      await verifySecondFactorCode(ctx, { userId: user.id, code });
      markSecondFactor(request, ctx.now());
      return status(reply, request);
    });

    app.post('/api/two-factor/totp/setup', async (request, reply): Promise<TotpSetup> => {
      const user = await requireUser(request);
      await requireRecentSecondFactor(request, user.id);
      reply.header('cache-control', 'no-store');
      return setupTotp(ctx, { userId: user.id, label: user.email ?? user.username ?? user.id });
    });

    app.post('/api/two-factor/totp/confirm', tries, async (request, reply): Promise<TotpConfirmed> => {
      const user = await requireUser(request);
      const { code } = parse(SecondFactorCodeSchema, request.body);
      await requireRecentSecondFactor(request, user.id);
      const confirmed = await confirmTotp(ctx, { userId: user.id, code });
      // The member just used the app's code: that is a second factor.
      markSecondFactor(request, ctx.now());
      reply.header('cache-control', 'no-store');
      return confirmed;
    });

    app.delete('/api/two-factor/totp', async (request, reply) => {
      const user = await requireUser(request);
      await requireRecentSecondFactor(request, user.id);
      await removeTotp(ctx, { userId: user.id });
      return status(reply, request);
    });

    app.post('/api/two-factor/passkeys/registration-options', async (request, reply) => {
      const user = await requireUser(request);
      await requireRecentSecondFactor(request, user.id);
      reply.header('cache-control', 'no-store');
      return startPasskeyRegistration(ctx, { request, userId: user.id, userName: user.email ?? user.username ?? user.id });
    });

    app.post('/api/two-factor/passkeys', tries, async (request, reply) => {
      const user = await requireUser(request);
      const { response, name } = parse(PasskeyRegistrationSchema, request.body);
      await requireRecentSecondFactor(request, user.id);
      await finishPasskeyRegistration(ctx, { request, userId: user.id, name, response });
      markSecondFactor(request, ctx.now());
      return reply.status(201).send(await status(reply, request));
    });

    app.delete('/api/two-factor/passkeys/:id', async (request, reply) => {
      const user = await requireUser(request);
      const { id } = parse(PasskeyParams, request.params);
      await requireRecentSecondFactor(request, user.id);
      await removePasskey(ctx, { userId: user.id, id });
      return status(reply, request);
    });

    app.post('/api/two-factor/passkeys/authentication-options', async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return startPasskeyAuthentication(ctx, { request, userId: user.id, purpose: 'step-up' });
    });

    /** Step-up with a passkey. */
    app.post('/api/two-factor/passkeys/verify', tries, async (request, reply) => {
      const user = await requireUser(request);
      const { response } = parse(WebAuthnResponseSchema, request.body);
      await finishPasskeyAuthentication(ctx, { request, userId: user.id, purpose: 'step-up', response });
      markSecondFactor(request, ctx.now());
      return status(reply, request);
    });

    /** Premium's Enhanced Security: every sign-in asks for the second factor. */
    app.put('/api/two-factor/sign-in-rule', async (request, reply) => {
      const user = await requireUser(request);
      const { everySignIn } = parse(SignInRuleSchema, request.body);
      if (everySignIn && !user.isPremiumMember)
        throw new AppError('FORBIDDEN', 'Asking for the second factor at every sign-in is part of Premium’s Enhanced Security.');
      if (everySignIn && !(await hasSecondFactor(ctx.db, user.id))) throw new AppError('CONFLICT', 'Set up an authenticator app or a passkey first.');
      await requireRecentSecondFactor(request, user.id);
      await setSignInRule(ctx.db, user.id, everySignIn);
      return status(reply, request);
    });
  };
}
