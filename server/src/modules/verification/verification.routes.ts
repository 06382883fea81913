import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PriceHistoryQuerySchema, type PriceHistory } from '@soleswap/contracts/catalog';
import { BatchVerifySchema, type BatchVerifyResult, type VerificationResult, type VerificationRun } from '@soleswap/contracts/verification';
import { AppError } from '../../errors';
import { optionalUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { batchVerify } from './batch-verify';
import { getSneakerPrices } from './get-price-history';
import { getVerificationRun } from './get-verification-run';
import { requestVerification, waitForRuns } from './request-verification';
import { limitVerifications } from './verification-rate-limit';
import { idParam } from '../../http/id-param';

/** Text that is no number is "not found"; a number beyond int4 is a 400 (http/id-param.ts), never a 500. */
const idOf = (params: unknown, what = 'Sneaker') => idParam(params, what);
const doc = (summary: string, schemas: Record<string, z.ZodType> = {}) => ({ config: { openapi: { summary, ...schemas } } });

/**
 * Verification runs as a queue job. The request waits a few seconds for it: the usual run answers
 * with the result (200); a slower one answers 202 with the run to follow at /api/verifications/:id.
 */
export async function verificationRoutes(app: FastifyInstance) {
  app.post(
    '/api/sneakers/:id/verify',
    doc('Verify your sneaker: the result (200), or 202 with the run to follow'),
    async (request, reply): Promise<VerificationResult | VerificationRun> => {
      const actor = await requireUser(request);
      await limitVerifications(request, reply, 'single');
      const runId = await requestVerification(app.ctx, { actorId: actor.id, sneakerId: idOf(request.params) });
      const [run] = await waitForRuns(app.ctx, [runId]);
      if (run!.status === 'done') return run!.result!;
      if (run!.status === 'failed') throw new AppError('CONFLICT', run!.error ?? 'The verification could not finish. Please try again.');
      reply.status(202);
      return run!;
    },
  );

  app.post(
    '/api/sneakers/batch-verify',
    doc('Verify several of your sneakers (Verify All)', { body: BatchVerifySchema }),
    async (request, reply): Promise<BatchVerifyResult> => {
      const actor = await requireUser(request);
      await limitVerifications(request, reply, 'batch');
      const { sneakerIds } = parse(BatchVerifySchema, request.body);
      const result = await batchVerify(app.ctx, { actorId: actor.id, sneakerIds });
      if (result.pending.length > 0) reply.status(202);
      return result;
    },
  );

  app.get('/api/verifications/:id', doc('A verification you started, until it is done'), async (request): Promise<VerificationRun> => {
    const actor = await requireUser(request);
    return getVerificationRun(app.ctx, { actorId: actor.id, id: idOf(request.params, 'Verification') });
  });

  app.get(
    '/api/sneakers/:id/prices',
    doc("A sneaker's price history for a period (7d, 30d, 90d, 1y)", { query: PriceHistoryQuerySchema }),
    async (request): Promise<PriceHistory> => {
      const { period } = parse(PriceHistoryQuerySchema, request.query);
      return getSneakerPrices(app.ctx, { id: idOf(request.params), viewer: await optionalUser(request), period });
    },
  );
}
