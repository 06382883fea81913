import type { FastifyInstance } from 'fastify';
import { ForwardPairSchema, InspectionQueueQuerySchema, InspectionVerdictSchema } from '@soleswap/contracts/inspection';
import type { User } from '@soleswap/contracts/users';
import { requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { answerQualityIssue } from './answer-quality-issue';
import { findInspectionQueue } from './find-inspection-queue';
import { forwardPair } from './forward-pair';
import { getInspectionConfig } from './get-inspection-config';
import { getForwardSlip } from './get-forward-slip';
import { getPairDestination } from './get-pair-destination';
import { getTradeInspection } from './get-trade-inspection';
import type { InspectionViewer } from './inspection-transition';
import { judgePair, type Judgement } from './judge-pair';
import { receivePair } from './receive-pair';

/** Steps at the centre one inspector (or member answering a quality issue) may record per minute. */
export const INSPECTION_STEPS_PER_MINUTE = 60;
/** Address reads for forwarding one inspector may make per minute. */
export const DESTINATION_READS_PER_MINUTE = 30;

const viewerOf = (user: User): InspectionViewer => ({ id: user.id, role: user.role });
const pairIdOf = (params: unknown) => idParam(params, 'Pair');

/** The authentication centre (docs/rules/inspection.md): the inspectors' queue and steps, and a trade's pairs for its members. */
export async function inspectionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const stepLimit = { rateLimit: perMemberLimit(INSPECTION_STEPS_PER_MINUTE) };

  const configDoc = { summary: 'Whether this server has an authentication centre, and the value above which trades must use it (members)' };
  app.get('/api/inspection/config', { config: { openapi: configDoc } }, async (request) => {
    await requireUser(request);
    return getInspectionConfig(ctx);
  });

  const queueDoc = { summary: 'The inspection queue: pairs in one status, oldest first (inspectors and admins)', query: InspectionQueueQuerySchema };
  app.get('/api/inspection/queue', { config: { openapi: queueDoc } }, async (request) => {
    const user = await requireUser(request);
    return findInspectionQueue(ctx, { viewer: viewerOf(user), query: parse(InspectionQueueQuerySchema, request.query) });
  });

  const destinationDoc = { summary: 'Where a pair ready to go is posted: one ship-to address (inspectors; the read is recorded)' };
  app.get(
    '/api/inspection/pairs/:id/destination',
    { config: { openapi: destinationDoc, rateLimit: perMemberLimit(DESTINATION_READS_PER_MINUTE) } },
    async (request) => {
      const user = await requireUser(request);
      return getPairDestination(ctx, { viewer: viewerOf(user), pairId: pairIdOf(request.params) });
    },
  );

  const slipDoc = {
    summary: 'The packing slip of the parcel a pair ready to go is sent in: to the member, at their ship-to (inspectors; the read is recorded)',
  };
  app.get(
    '/api/inspection/pairs/:id/packing-slip.pdf',
    { config: { openapi: slipDoc, rateLimit: perMemberLimit(DESTINATION_READS_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const pairId = pairIdOf(request.params);
      const pdf = await getForwardSlip(ctx, { viewer: viewerOf(user), pairId });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="soleswap-pair-${pairId}-packing-slip.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/trades/:id/inspection',
    { config: { openapi: { summary: "A via-authentication trade's pairs at the centre, step by step (its members)" } } },
    async (request) => {
      const user = await requireUser(request);
      return getTradeInspection(ctx, { viewer: viewerOf(user), tradeId: idParam(request.params, 'Trade') });
    },
  );

  app.post(
    '/api/inspection/pairs/:id/receive',
    { config: { openapi: { summary: 'The pair arrived at the centre (inspectors)' }, ...stepLimit } },
    async (request, reply) => {
      const user = await requireUser(request);
      const pairId = pairIdOf(request.params);
      return idempotent(request, reply, { userId: user.id }, (txCtx) => receivePair(txCtx, { viewer: viewerOf(user), pairId }));
    },
  );

  const judgements: Array<[Judgement, string]> = [
    ['pass', 'The pair passed inspection (inspectors; notes and photos)'],
    ['fail', 'The pair failed inspection: the trade fails, escrow is refunded (inspectors)'],
    ['quality-issue', 'A small quality issue: the receiving member decides (inspectors)'],
  ];
  for (const [judgement, summary] of judgements) {
    app.post(
      `/api/inspection/pairs/:id/${judgement}`,
      { config: { openapi: { summary, body: InspectionVerdictSchema }, ...stepLimit } },
      async (request, reply) => {
        const user = await requireUser(request);
        const pairId = pairIdOf(request.params);
        const verdict = parse(InspectionVerdictSchema, request.body);
        return idempotent(request, reply, { userId: user.id }, (txCtx) => judgePair(txCtx, { viewer: viewerOf(user), pairId, judgement, verdict }));
      },
    );
  }

  const forwardDoc = { summary: 'Send the pair on (or back) with its tracking number (inspectors)', body: ForwardPairSchema };
  app.post('/api/inspection/pairs/:id/forward', { config: { openapi: forwardDoc, ...stepLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    const pairId = pairIdOf(request.params);
    const input = parse(ForwardPairSchema, request.body);
    return idempotent(request, reply, { userId: user.id }, (txCtx) => forwardPair(txCtx, { viewer: viewerOf(user), pairId, input }));
  });

  for (const answer of ['accept-issue', 'decline-issue'] as const) {
    const summary =
      answer === 'accept-issue'
        ? 'Go on despite the quality issue (the receiving member)'
        : 'Decline the pair: the trade fails (the receiving member)';
    app.post(`/api/inspection/pairs/:id/${answer}`, { config: { openapi: { summary }, ...stepLimit } }, async (request, reply) => {
      const user = await requireUser(request);
      const pairId = pairIdOf(request.params);
      return idempotent(request, reply, { userId: user.id }, (txCtx) => answerQualityIssue(txCtx, { viewer: viewerOf(user), pairId, answer }));
    });
  }
}
