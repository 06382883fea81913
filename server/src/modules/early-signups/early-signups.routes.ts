import type { FastifyInstance } from 'fastify';
import {
  EarlySignupListQuerySchema,
  EarlySignupSchema,
  type EarlySignup,
  type EarlySignupSummary,
  type LaunchConfig,
} from '@soleswap/contracts/early-signups';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { requireAdmin } from '../../http/auth';
import { inTransaction } from '../../http/events-after-commit';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { parse } from '../../http/validate';
import { findAllEarlySignups } from './early-signups.repository';
import { findEarlySignups } from './find-early-signups';
import { getEarlySignupSummary } from './get-early-signup-summary';
import { joinEarlyAccess } from './join-early-access';
import { markSignupNotified } from './mark-signup-notified';
import { signupsCsvFileName, signupsToCsv } from './signups-csv';
import { idParam } from '../../http/id-param';

/** Text that is no number is "not found"; a number beyond int4 is a 400 (http/id-param.ts), never a 500. */
const signupId = (params: unknown) => idParam(params, 'Signup');

export async function earlySignupsRoutes(app: FastifyInstance) {
  // What the web app needs to know before it picks a visitor's home page (docs/web-client.md#route-availability).
  const launchConfig = { openapi: { summary: 'Whether trading is open or the site is before launch (LAUNCH_STATE)' } };
  app.get('/api/launch', { config: launchConfig }, async (): Promise<LaunchConfig> => ({ launchState: app.ctx.env.LAUNCH_STATE }));

  const joinConfig = {
    rateLimit: { max: 10, timeWindow: '1 minute' },
    openapi: { summary: 'Join the early-access list', body: EarlySignupSchema },
  };
  app.post('/api/early-signup', { config: joinConfig }, async (request) => {
    const input = parse(EarlySignupSchema, request.body);
    await joinEarlyAccess(app.ctx, {
      ...input,
      ipAddress: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { ok: true };
  });

  const listConfig = {
    openapi: { summary: 'Early signups, newest first; q searches name or e-mail (admins, X-Next-Cursor)', query: EarlySignupListQuerySchema },
  };
  app.get('/api/admin/early-signups', { config: listConfig }, async (request, reply): Promise<EarlySignup[]> => {
    await requireAdmin(request);
    const { signups, nextCursor } = await findEarlySignups(app.ctx, parse(EarlySignupListQuerySchema, request.query));
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return signups;
  });

  app.get(
    '/api/admin/early-signups/summary',
    { config: { openapi: { summary: 'Signup totals: all, today, e-mail domains (admins)' } } },
    async (request): Promise<EarlySignupSummary> => {
      await requireAdmin(request);
      return getEarlySignupSummary(app.ctx);
    },
  );

  app.post(
    '/api/admin/early-signups/:id/notified',
    { config: { openapi: { summary: 'Mark a signup notified (admins; idempotent)' } } },
    async (request): Promise<EarlySignup> => {
      const admin = await requireAdmin(request);
      const id = signupId(request.params);
      return inTransaction(app.ctx, async (txCtx) => {
        const signup = await markSignupNotified(txCtx, { id });
        await recordAdminAction(txCtx.db, { adminId: admin.id, action: 'mark-signup-notified', targetType: 'signup', targetId: id, at: txCtx.now() });
        return signup;
      });
    },
  );

  app.get('/api/admin/early-signups.csv', { config: { openapi: { summary: 'Every signup as CSV (admins)' } } }, async (request, reply) => {
    await requireAdmin(request);
    const csv = signupsToCsv(await findAllEarlySignups(app.ctx.db));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${signupsCsvFileName(app.ctx.now())}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
