import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { DisputeLoopSchema, LoopListQuerySchema, ShipLoopSchema, type Loop, type LoopAction } from '@soleswap/contracts/loops';
import { requireAdmin, requireUser } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { findMyLoops } from './find-my-loops';
import { getLoop } from './get-loop';
import { actOnLoop } from './loop-actions';
import type { MarketWantlists } from './market-wantlists';
import { runClearing } from './run-clearing';
import { idParam } from '../../http/id-param';

/** Loop ids in URLs are user input: text that is no number is "not found", a number beyond int4 a 400 (http/id-param.ts). */
function loopIdOf(params: unknown): number {
  return idParam(params, 'Loop');
}

/** The wants module sits above loops (its matches use the loop market), so its wantlists are handed in (see register-modules). */
export async function loopsRoutes(app: FastifyInstance, { wantlists }: { wantlists: MarketWantlists }) {
  const { ctx } = app;

  const listDoc = { summary: "The caller's loop trades, newest first (X-Next-Cursor)", query: LoopListQuerySchema };
  app.get('/api/loops', { config: { openapi: listDoc } }, async (request, reply): Promise<Loop[]> => {
    const user = await requireUser(request);
    const query = parse(LoopListQuerySchema, request.query);
    const { loops, nextCursor } = await findMyLoops(ctx, { viewerId: user.id, query });
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return loops;
  });

  app.get('/api/loops/:id', { config: { openapi: { summary: 'One loop trade (its members only)' } } }, async (request) => {
    const user = await requireUser(request);
    return getLoop(ctx, { viewerId: user.id, loopId: loopIdOf(request.params) });
  });

  /**
   * POST /api/loops/:id/<action>: authenticate, parse, run at most once per Idempotency-Key. The
   * body's schema, if any, is also the route's entry in /api/openapi.json.
   */
  function action(name: LoopAction, summary: string, schema?: z.ZodType<{ trackingNumber?: string; reason?: string }>) {
    app.post(`/api/loops/:id/${name}`, { config: { openapi: { summary, ...(schema ? { body: schema } : {}) } } }, async (request, reply) => {
      const user = await requireUser(request);
      const loopId = loopIdOf(request.params);
      const input = schema ? parse(schema, request.body) : {};
      return idempotent(request, reply, { userId: user.id }, (txCtx) => actOnLoop(txCtx, name, { actorId: user.id, loopId, ...input }));
    });
  }
  action('accept', 'Accept the loop; the last acceptance locks every pair in escrow');
  action('decline', 'Decline the loop (ends it for every member)');
  action('ship', 'Mark your pair shipped to the next member', ShipLoopSchema);
  action('receive', 'Confirm the pair from the previous member arrived');
  action('dispute', 'Freeze the loop and refund everyone', DisputeLoopSchema);

  app.post('/api/admin/loops/run', { config: { openapi: { summary: 'Run the loop clearing now (admins)' } } }, async (request) => {
    await requireAdmin(request);
    return runClearing(ctx, wantlists);
  });
}
