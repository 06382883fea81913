import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ClearFlagSchema, ConfirmFlagSchema } from '@soleswap/contracts/verification';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { parse } from '../../http/validate';
import { appealFlag, clearFlag, confirmFlag, findFlaggedPairs } from './verification-review';

const doc = (summary: string, body?: z.ZodType) => ({ config: { openapi: { summary, ...(body ? { body } : {}) } } });

/** The operator's review queue of flagged pairs (admins) and the owner's appeal (issue #28). */
export async function verificationReviewRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/admin/verification/flagged', doc('Pairs flagged by verification awaiting review, with their evidence (admins)'), async (request) => {
    await requireAdmin(request);
    return findFlaggedPairs(ctx);
  });

  app.post(
    '/api/admin/verification/:id/confirm',
    doc('Confirm a flag: the listing is hidden from trading (admins; audit-logged)', ConfirmFlagSchema),
    async (request) => {
      const admin = await requireAdmin(request);
      const id = idParam(request.params, 'Sneaker');
      const input = parse(ConfirmFlagSchema, request.body ?? {});
      return confirmFlag(ctx, { adminId: admin.id, id, input });
    },
  );

  app.post('/api/admin/verification/:id/clear', doc('Clear a flag with a note (admins; audit-logged)', ClearFlagSchema), async (request) => {
    const admin = await requireAdmin(request);
    const id = idParam(request.params, 'Sneaker');
    const input = parse(ClearFlagSchema, request.body);
    return clearFlag(ctx, { adminId: admin.id, id, input });
  });

  app.post('/api/sneakers/:id/appeal', doc("The owner appeals their pair's flag, once"), async (request) => {
    const user = await requireUser(request);
    return appealFlag(ctx, { actorId: user.id, id: idParam(request.params, 'Sneaker') });
  });
}
