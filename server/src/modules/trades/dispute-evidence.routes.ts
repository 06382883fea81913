import type { FastifyInstance } from 'fastify';
import { AddDisputeEvidenceSchema, DisputeEvidenceQuerySchema, type DisputeEvidencePage } from '@soleswap/contracts/trades';
import type { User } from '@soleswap/contracts/users';
import { requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { addDisputeEvidence, findDisputeEvidence } from './dispute-evidence';
import type { TradeViewer } from './trade-view';

/** Pieces of dispute evidence one member may add per minute. */
export const DISPUTE_EVIDENCE_PER_MINUTE = 20;

const viewerOf = (user: User): TradeViewer => ({ id: user.id, isAdmin: user.role === 'admin' });

/** A disputed trade's evidence: the parties add notes and photos, the parties and the admins read them. */
export async function disputeEvidenceRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const listDoc = {
    summary: "A dispute's evidence (notes and photos of both parties), oldest first; the parties and admins",
    query: DisputeEvidenceQuerySchema,
  };
  app.get('/api/trades/:id/dispute-evidence', { config: { openapi: listDoc } }, async (request): Promise<DisputeEvidencePage> => {
    const user = await requireUser(request);
    const query = parse(DisputeEvidenceQuerySchema, request.query);
    return findDisputeEvidence(ctx, { viewer: viewerOf(user), tradeId: idParam(request.params, 'Trade'), query });
  });

  const addDoc = { summary: 'A party adds a note and/or photos to the open dispute of their trade', body: AddDisputeEvidenceSchema };
  app.post(
    '/api/trades/:id/dispute-evidence',
    { config: { openapi: addDoc, rateLimit: perMemberLimit(DISPUTE_EVIDENCE_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const tradeId = idParam(request.params, 'Trade');
      const input = parse(AddDisputeEvidenceSchema, request.body);
      return idempotent(request, reply, { userId: user.id, status: 201 }, (workCtx) =>
        addDisputeEvidence(workCtx, { actor: viewerOf(user), tradeId, input }),
      );
    },
  );
}
