import type { FastifyInstance } from 'fastify';
import { AddDisputeEvidenceSchema, DisputeEvidenceQuerySchema, type DisputeEvidence, type DisputeEvidencePage } from '@soleswap/contracts/trades';
import { UploadDataUrlSchema } from '@soleswap/contracts/uploads';
import type { User } from '@soleswap/contracts/users';
import { requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { readUploadedImage, registerImageMultipart, UPLOADS_PER_MINUTE } from '../uploads/read-uploaded-image';
import { addDisputeEvidence, findDisputeEvidence } from './dispute-evidence';
import { getDisputePhoto, uploadDisputePhoto } from './dispute-evidence-photos';
import type { TradeViewer } from './trade-view';

/** Pieces of dispute evidence one member may add per minute. */
export const DISPUTE_EVIDENCE_PER_MINUTE = 20;

const viewerOf = (user: User): TradeViewer => ({ id: user.id, isAdmin: user.role === 'admin' });

/**
 * A disputed trade's evidence: the parties add notes and photos, the parties and the admins read
 * them. The photos are private: uploaded and served here only, never under the public /uploads/.
 */
export async function disputeEvidenceRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await registerImageMultipart(app);

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

  const uploadDoc = {
    summary:
      'A party uploads a photo for their trade\'s open dispute (multipart field "file", or JSON { dataUrl }) → private { imageUrl, thumbnailUrl }',
    body: UploadDataUrlSchema,
  };
  app.post(
    '/api/trades/:id/dispute-evidence/photos',
    { config: { openapi: uploadDoc, rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply): Promise<DisputeEvidence['photos'][number]> => {
      const user = await requireUser(request);
      const tradeId = idParam(request.params, 'Trade');
      const photo = await uploadDisputePhoto(ctx, { actor: viewerOf(user), tradeId, readBytes: () => readUploadedImage(request, reply) });
      reply.status(201);
      return photo;
    },
  );

  const photoDoc = { summary: "One photo (or its -400 thumbnail) of a dispute's evidence; the parties and admins, never cached" };
  app.get('/api/trades/:id/dispute-evidence/photos/:name', { config: { openapi: photoDoc } }, async (request, reply) => {
    const user = await requireUser(request);
    const tradeId = idParam(request.params, 'Trade');
    const { name } = request.params as { name: string };
    const bytes = await getDisputePhoto(ctx, { viewer: viewerOf(user), tradeId, name });
    // Private to the parties and admins: no shared cache may keep it, nor the browser once closed.
    return reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type('image/webp').send(bytes);
  });
}
