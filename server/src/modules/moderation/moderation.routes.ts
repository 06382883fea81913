import type { FastifyInstance } from 'fastify';
import { CreateReportSchema } from '@soleswap/contracts/moderation';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { createReport } from './create-report';

export async function moderationRoutes(app: FastifyInstance) {
  app.post(
    '/api/reports',
    { config: { openapi: { summary: 'Report a member, a listing or a message to the moderators', body: CreateReportSchema } } },
    async (request, reply) => {
      const reporter = await requireUser(request);
      const input = parse(CreateReportSchema, request.body);
      const { report, created } = await createReport(app.ctx, { reporter, input });
      reply.status(created ? 201 : 200);
      return report;
    },
  );
}
