import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  PasswordResetRequestSchema,
  type AccountSessions,
  type PasswordResetRequested,
} from '@soleswap/contracts/account';
import { requireUser } from '../../../http/auth';
import { perMemberLimit } from '../../../http/rate-limit-store';
import { parse } from '../../../http/validate';
import type { Mailer } from '../mailer';
import { requireRecentSecondFactor } from '../two-factor/second-factor';
import { linkOutcomePage, resetFormPage, undoConfirmPage } from './account-pages';
import { endMemberSessions, findAccountSessions, sessionWithId, storeDestroyer } from './account-sessions';
import {
  changePassword,
  CONFIRM_EMAIL_CHANGE_PATH,
  confirmEmailChange,
  getAccountOverview,
  requestEmailChange,
  UNDO_EMAIL_CHANGE_PATH,
  undoEmailChange,
} from './account-settings';
import { checkResetToken, requestPasswordReset, RESET_PASSWORD_PATH, resetPassword } from './password-reset';

const TokenInput = z.object({ token: z.string().max(600).catch('') });
const ResetInput = z.object({ token: z.string().max(600).catch(''), password: z.string().max(400).catch('') });
const SessionParams = z.object({ id: z.string().min(1).max(64) });

export const PASSWORD_RESET_PATH = '/idp/password-reset';
const RESET_ANSWER: PasswordResetRequested = {
  message: 'If an account has this address, a link to choose a new password is on its way. It works once, for 30 minutes.',
};

const html = (reply: FastifyReply, { status, html }: { status: number; html: string }) =>
  reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(html);

/**
 * The embedded provider's account links (docs/rules/sign-in.md#recovery-and-account-changes):
 * asking for a reset link, the reset form, and the e-mail change and undo links. Its forms post
 * urlencoded, so this scope gets a parser for it.
 */
export function accountLinkRoutes(mailer: Mailer) {
  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** The same answer, after the same work, whether or not the address has an account: the mail is queued, never sent here. */
    scope.post(
      PASSWORD_RESET_PATH,
      { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
      async (request): Promise<PasswordResetRequested> => {
        const input = parse(PasswordResetRequestSchema, request.body);
        await requestPasswordReset(scope.ctx, input);
        return RESET_ANSWER;
      },
    );

    scope.get(RESET_PASSWORD_PATH, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token } = TokenInput.parse(request.query ?? {});
      const checked = await checkResetToken(scope.ctx, token);
      return html(reply, 'account' in checked ? resetFormPage(RESET_PASSWORD_PATH, token) : linkOutcomePage(checked.kind));
    });

    scope.post(RESET_PASSWORD_PATH, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token, password } = ResetInput.parse(request.body ?? {});
      const outcome = await resetPassword(scope.ctx, { token, password, destroy: storeDestroyer(request) });
      return html(reply, outcome.kind === 'weak' ? resetFormPage(RESET_PASSWORD_PATH, token, outcome.problem) : linkOutcomePage(outcome.kind));
    });

    scope.get(CONFIRM_EMAIL_CHANGE_PATH, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token } = TokenInput.parse(request.query ?? {});
      return html(reply, linkOutcomePage(await confirmEmailChange(scope.ctx, mailer, token)));
    });

    scope.get(UNDO_EMAIL_CHANGE_PATH, async (request, reply) =>
      html(reply, undoConfirmPage(UNDO_EMAIL_CHANGE_PATH, TokenInput.parse(request.query ?? {}).token)),
    );

    scope.post(UNDO_EMAIL_CHANGE_PATH, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { token } = TokenInput.parse(request.body ?? {});
      return html(reply, linkOutcomePage(await undoEmailChange(scope.ctx, { token, destroy: storeDestroyer(request) })));
    });
  };
}

/** The signed-in member's account: password, e-mail and sessions (the /settings/security page). */
export function accountApiRoutes(mailer: Mailer) {
  return async (app: FastifyInstance) => {
    app.get('/api/account', { config: { openapi: { summary: 'Whether the password and e-mail are changed here' } } }, async (request) => {
      const user = await requireUser(request);
      return getAccountOverview(app.ctx, { userId: user.id, email: user.email });
    });

    app.get(
      '/api/account/sessions',
      { config: { openapi: { summary: 'The member’s signed-in sessions' } } },
      async (request): Promise<AccountSessions> => {
        const user = await requireUser(request);
        return { sessions: await findAccountSessions(app.ctx, { userId: user.id, currentSid: request.session.sessionId }) };
      },
    );

    /** Signs one of the member's sessions out; a handle that is none of theirs (any more) changes nothing. */
    app.delete(
      '/api/account/sessions/:id',
      { config: { rateLimit: perMemberLimit(30), openapi: { summary: 'Signs one of the member’s sessions out' } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const { id } = parse(SessionParams, request.params);
        await endMemberSessions(app.ctx, { userId: user.id, destroy: storeDestroyer(request), pick: sessionWithId(id) });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/account/sessions/sign-out-others',
      { config: { rateLimit: perMemberLimit(10), openapi: { summary: 'Signs out every session but this one' } } },
      async (request) => {
        const user = await requireUser(request);
        const current = request.session.sessionId;
        const ended = await endMemberSessions(app.ctx, { userId: user.id, destroy: storeDestroyer(request), pick: (sid) => sid !== current });
        return { ended };
      },
    );

    app.post(
      '/api/account/password',
      {
        config: {
          rateLimit: perMemberLimit(5),
          openapi: { summary: 'Changes the password; signs out the other sessions', body: ChangePasswordSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const input = parse(ChangePasswordSchema, request.body);
        // A member with a second factor proves it again for this (within the last 10 minutes).
        await requireRecentSecondFactor(request, user.id);
        await changePassword(app.ctx, {
          userId: user.id,
          client: request.ip,
          currentSid: request.session.sessionId,
          destroy: storeDestroyer(request),
          input,
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/account/email',
      { config: { rateLimit: perMemberLimit(5), openapi: { summary: 'Mails a link that changes the e-mail address', body: ChangeEmailSchema } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const input = parse(ChangeEmailSchema, request.body);
        await requireRecentSecondFactor(request, user.id);
        await requestEmailChange(app.ctx, mailer, { userId: user.id, client: request.ip, input });
        return reply
          .status(202)
          .send({ message: `A link to confirm ${input.newEmail} is on its way there; your address stays as it is until you open it.` });
      },
    );
  };
}
