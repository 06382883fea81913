import type { FastifyInstance } from 'fastify';
import { CreateReportSchema, ResolveReportSchema, SuspendMemberSchema } from '@soleswap/contracts/moderation';
import { PageQuerySchema } from '@soleswap/contracts/users';
import { requireAdmin, requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { getTradeHistory } from '../trades/get-trade-history';
import { createReport } from './create-report';
import { findAdminAuditLog } from '../admin-audit/find-admin-audit-log';
import { findOpenReports } from './find-open-reports';
import { resolveReport } from './resolve-report';
import { suspendMember, unsuspendMember } from './suspend-member';
import { idParam } from '../../http/id-param';

/** A record number from the URL: text that is no number cannot exist, a number beyond int4 is a 400 (http/id-param.ts). */
function numericId(params: unknown, what: string): number {
  return idParam(params, what);
}

/**
 * Report requests one member may send per minute, repeats and refusals included. New reports also
 * have their hourly allowance (REPORTS_PER_HOUR, counted from the stored reports).
 */
export const REPORT_REQUESTS_PER_MINUTE = 20;

const memberId = (params: unknown) => (params as { id?: string }).id ?? '';

export async function moderationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.post(
    '/api/reports',
    {
      config: {
        rateLimit: perMemberLimit(REPORT_REQUESTS_PER_MINUTE),
        openapi: { summary: 'Report a member, a listing or a message to the moderators', body: CreateReportSchema },
      },
    },
    async (request, reply) => {
      const reporter = await requireUser(request);
      const input = parse(CreateReportSchema, request.body);
      const { report, created } = await createReport(ctx, { reporter, input });
      reply.status(created ? 201 : 200);
      return report;
    },
  );

  const queueDoc = { summary: 'Open reports, oldest first, with the reported content (admins; paginated)', query: PageQuerySchema };
  app.get('/api/admin/reports', { config: { openapi: queueDoc } }, async (request) => {
    await requireAdmin(request);
    return findOpenReports(ctx, parse(PageQuerySchema, request.query));
  });

  const resolveDoc = {
    summary: 'Dismiss a report, hide the listing or suspend the member, with a note (admins; 409 once resolved)',
    body: ResolveReportSchema,
  };
  app.post('/api/admin/reports/:id/resolve', { config: { openapi: resolveDoc } }, async (request) => {
    const admin = await requireAdmin(request);
    const reportId = numericId(request.params, 'Report');
    const input = parse(ResolveReportSchema, request.body);
    return resolveReport(ctx, { adminId: admin.id, reportId, input });
  });

  const suspendDoc = { summary: 'Suspend a member: signed out, sign-in refused, open trades settled (admins)', body: SuspendMemberSchema };
  app.post('/api/admin/users/:id/suspend', { config: { openapi: suspendDoc } }, async (request) => {
    const admin = await requireAdmin(request);
    const { reason } = parse(SuspendMemberSchema, request.body);
    return suspendMember(ctx, { adminId: admin.id, userId: memberId(request.params), reason });
  });

  app.post('/api/admin/users/:id/unsuspend', { config: { openapi: { summary: 'Lift a suspension (admins)' } } }, async (request) => {
    const admin = await requireAdmin(request);
    return unsuspendMember(ctx, { adminId: admin.id, userId: memberId(request.params) });
  });

  app.get('/api/admin/disputes/:id/history', { config: { openapi: { summary: "A disputed trade's audit trail (admins)" } } }, async (request) => {
    const admin = await requireAdmin(request);
    return getTradeHistory(ctx, { viewer: { id: admin.id, isAdmin: true }, tradeId: numericId(request.params, 'Trade') });
  });

  const auditDoc = { summary: 'Every admin action, newest first (admins; paginated)', query: PageQuerySchema };
  app.get('/api/admin/audit-log', { config: { openapi: auditDoc } }, async (request) => {
    await requireAdmin(request);
    return findAdminAuditLog(ctx, parse(PageQuerySchema, request.query));
  });
}
