import type { FastifyInstance } from 'fastify';
import { EarlySignupSchema } from '@soleswap/contracts/early-signups';
import { requireAdmin } from '../../http/auth';
import { parse } from '../../http/validate';
import { findEarlySignups } from './early-signups.repository';
import { joinEarlyAccess } from './join-early-access';
import { signupsCsvFileName, signupsToCsv } from './signups-csv';

export async function earlySignupsRoutes(app: FastifyInstance) {
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

  app.get('/api/admin/early-signups', async (request) => {
    await requireAdmin(request);
    return findEarlySignups(app.ctx.db);
  });

  app.get('/api/admin/early-signups.csv', async (request, reply) => {
    await requireAdmin(request);
    const csv = signupsToCsv(await findEarlySignups(app.ctx.db));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${signupsCsvFileName(app.ctx.now())}"`)
      .send(csv);
  });
}
