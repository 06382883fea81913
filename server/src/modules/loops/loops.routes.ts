import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import {
  AcceptLoopSchema,
  ChooseLoopShipToSchema,
  DisputeLoopSchema,
  LoopListQuerySchema,
  ShipLoopSchema,
  type Loop,
  type LoopAction,
  type LoopLegShipTo,
} from '@soleswap/contracts/loops';
import type { User } from '@soleswap/contracts/users';
import { notFound } from '../../errors';
import { requireAdmin, requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import { ADDRESS_WRITES_PER_MINUTE } from '../addresses/addresses.routes';
import { chooseLoopShipTo } from '../addresses/choose-loop-ship-to';
import { readLoopLegShipTo } from '../addresses/read-loop-ship-to';
import { readLockedLoopShipToFacts, readLoopShipToFacts } from './loop-ship-to-facts';
import { PACKING_SLIPS_PER_MINUTE } from '../trades/trades.routes';
import { getLoopPackingSlip } from './get-loop-packing-slip';
import { idempotent } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { findMyLoops } from './find-my-loops';
import { getLoop } from './get-loop';
import { actOnLoop, type LoopActionArgs } from './loop-actions';
import { loopAcceptCallsProvider } from './accept-loop';
import type { MarketWantlists } from './market-wantlists';
import { runClearing } from './run-clearing';
import { idParam } from '../../http/id-param';
import type { StepUpKind } from '../identity/enhanced-security';

/** Loop ids in URLs are user input: text that is no number is "not found", a number beyond int4 a 400 (http/id-param.ts). */
function loopIdOf(params: unknown): number {
  return idParam(params, 'Loop');
}

/** A leg's position in a URL (0 to 3): anything else names no leg. */
function positionOf(params: unknown): number {
  const raw = (params as Record<string, string | undefined>).position ?? '';
  if (!/^[0-9]$/.test(raw)) throw notFound('Loop leg');
  return Number(raw);
}

/** Loop actions premium's Enhanced Security guards: accepting binds pairs and holds with the member's ship-to; a receipt releases them. */
const LOOP_STEP_UP: Partial<Record<LoopAction, StepUpKind>> = { accept: 'money', receive: 'money' };

const viewerOf = (user: User) => ({ id: user.id, isAdmin: user.role === 'admin' });

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
  function action(name: LoopAction, summary: string, schema?: z.ZodType<Omit<LoopActionArgs, 'actorId' | 'loopId'>>) {
    const config = { openapi: { summary, ...(schema ? { body: schema } : {}) }, ...(LOOP_STEP_UP[name] ? { stepUp: LOOP_STEP_UP[name] } : {}) };
    app.post(`/api/loops/:id/${name}`, { config }, async (request, reply) => {
      const user = await requireUser(request);
      const loopId = loopIdOf(request.params);
      const input = schema ? parse(schema, request.body) : {};
      // An acceptance that authorizes the member's protection hold runs with no transaction open (accept-loop.ts).
      const claimFirst = name === 'accept' && (await loopAcceptCallsProvider(ctx, { actorId: user.id, loopId }));
      return idempotent(request, reply, { userId: user.id, claimFirst }, (workCtx) =>
        actOnLoop(workCtx, name, { actorId: user.id, loopId, ...input }),
      );
    });
  }
  action(
    'accept',
    'Accept the loop with where your incoming leg goes; the last acceptance with a ship-to locks every pair in escrow',
    AcceptLoopSchema,
  );
  action('decline', 'Decline the loop (ends it for every member)');
  action('ship', 'Mark your pair shipped to the next member', ShipLoopSchema);
  action('receive', 'Confirm the pair from the previous member arrived');
  action('dispute', 'Freeze the loop and refund everyone', DisputeLoopSchema);

  const legShipToDoc = {
    summary: "Where one leg goes: its sender sees its receiver's ship-to from binding to 30 days after the end (reads recorded)",
  };
  app.get('/api/loops/:id/legs/:position/ship-to', { config: { openapi: legShipToDoc } }, async (request): Promise<LoopLegShipTo> => {
    const user = await requireUser(request);
    const loopId = loopIdOf(request.params);
    const position = positionOf(request.params);
    const loop = await readLoopShipToFacts(ctx.db, loopId);
    if (!loop) throw notFound('Loop');
    return readLoopLegShipTo(ctx, { loop, position, viewer: viewerOf(user) });
  });

  const chooseDoc = { summary: 'Change where your incoming leg goes (before it ships)', body: ChooseLoopShipToSchema };
  app.put(
    '/api/loops/:id/ship-to',
    { config: { openapi: chooseDoc, rateLimit: perMemberLimit(ADDRESS_WRITES_PER_MINUTE), stepUp: 'address' } },
    async (request, reply) => {
      const user = await requireUser(request);
      const loopId = loopIdOf(request.params);
      const { addressId } = parse(ChooseLoopShipToSchema, request.body);
      return idempotent(request, reply, { userId: user.id }, async (txCtx) => {
        await chooseLoopShipTo(txCtx, { memberId: user.id, loopId, addressId }, readLockedLoopShipToFacts);
        // The answer is the member's incoming leg as they now see it: their own new choice.
        const loop = (await readLoopShipToFacts(txCtx.db, loopId))!;
        const incoming = loop.legs.find((l) => l.toUserId === user.id)!;
        return readLoopLegShipTo(txCtx, { loop, position: incoming.position, viewer: viewerOf(user) });
      });
    },
  );

  const slipDoc = {
    summary: "The caller's packing slip of a binding loop: the leg they send, a printable PDF with a QR code of the loop (its members)",
  };
  app.get(
    '/api/loops/:id/packing-slip.pdf',
    { config: { openapi: slipDoc, rateLimit: perMemberLimit(PACKING_SLIPS_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const loopId = loopIdOf(request.params);
      const pdf = await getLoopPackingSlip(ctx, { viewerId: user.id, loopId });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="soleswap-loop-${loopId}-packing-slip.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post('/api/admin/loops/run', { config: { openapi: { summary: 'Run the loop clearing now (admins)' } } }, async (request) => {
    await requireAdmin(request);
    return runClearing(ctx, wantlists);
  });
}
