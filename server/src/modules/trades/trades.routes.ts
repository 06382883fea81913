import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  AcceptTradeSchema,
  CounterTradeSchema,
  CreateTradeSchema,
  DisputeTradeSchema,
  LegacyUpdateTradeSchema,
  RateTradeSchema,
  ResolveTradeSchema,
  ShipTradeSchema,
  TradeListQuerySchema,
} from '@soleswap/contracts/trades';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { GiveTradeCardSchema } from '@soleswap/contracts/trades';
import { ProtectionHoldPreviewQuerySchema, type ProtectionHoldPreview } from '@soleswap/contracts/wallet-protection';
import type { CounterTrade, Trade, TradeCounts } from '@soleswap/contracts/trades';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { acceptCallsProvider, acceptTrade } from './accept-trade';
import { cancelTrade } from './cancel-trade';
import { counterTrade } from './counter-trade';
import { disputeTrade } from './dispute-trade';
import { findDisputedTrades } from './find-disputed-trades';
import { countMyTrades, findMyTrades } from './find-my-trades';
import { getPackingSlip } from './get-packing-slip';
import { getTrade } from './get-trade';
import { giveTradeCard } from './give-trade-card';
import { previewProtectionHolds } from './preview-protection-holds';
import { proposeTrade } from './propose-trade';
import { requireStepUpForTrade, requireStepUpForTradeId } from './trade-step-up';
import { rateTrade } from './rate-trade';
import { markTradeReceived } from './receive-trade';
import { rejectTrade } from './reject-trade';
import { resolveDispute } from './resolve-trade';
import { markTradeShipped } from './ship-trade';
import type { TradeViewer } from './trade-view';
import { idParam } from '../../http/id-param';
import { requireEnhancedSecurity, type StepUpKind } from '../identity/enhanced-security';

/** Packing slips (a PDF drawn on each request) one member may print per minute. */
export const PACKING_SLIPS_PER_MINUTE = 10;

/** Protection-hold previews one member may ask for per minute (the proposal form asks as pairs are picked). */
export const HOLD_PREVIEWS_PER_MINUTE = 60;

/** Proposals (new trades and counter-offers) one member may send per minute, per route. */
export const PROPOSALS_PER_MINUTE = 20;

/**
 * The trade actions premium's Enhanced Security guards (route option `stepUp`, identity/enhanced-security.ts):
 * accepting binds pairs, cash and holds (and the ship-to), countering proposes them, and a receipt
 * releases the other side's pairs and money.
 */
const ACTION_STEP_UP: Partial<Record<string, StepUpKind>> = { accept: 'money', counter: 'money', receive: 'money', card: 'money' };

const viewerOf = (user: User): TradeViewer => ({ id: user.id, isAdmin: user.role === 'admin' });

/** Trade ids in URLs are user input: text that is no number is "not found", a number beyond int4 a 400 (http/id-param.ts). */
function tradeIdOf(params: unknown): number {
  return idParam(params, 'Trade');
}

interface ActionArgs<T> {
  actor: TradeViewer;
  tradeId: number;
  input: T;
}

export async function tradesRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** POST /api/trades/:id/<action>: authenticate, parse, run at most once per Idempotency-Key. */
  function action<T>(
    name: string,
    summary: string,
    schema: z.ZodType<T> | null,
    run: (ctx: AppContext, args: ActionArgs<T>) => Promise<Trade>,
    status = 200,
    rateLimit?: ReturnType<typeof perMemberLimit>,
  ) {
    const openapi = { summary, ...(schema ? { body: schema } : {}) };
    const stepUp = ACTION_STEP_UP[name];
    const config = { openapi, ...(rateLimit ? { rateLimit } : {}), ...(stepUp ? { stepUp } : {}) };
    app.post(`/api/trades/:id/${name}`, { config }, async (request, reply) => {
      const user = await requireUser(request);
      const tradeId = tradeIdOf(request.params);
      const input = (schema ? parse(schema, request.body) : undefined) as T;
      // Issue #32: a high-value acceptance or counter-proposal needs a recent second factor.
      if (name === 'accept') await requireStepUpForTradeId(ctx, request, { tradeId, userId: user.id });
      if (name === 'counter') await requireStepUpForTrade(ctx, request, input as CounterTrade);
      const claimFirst = name === 'accept' && (await acceptCallsProvider(ctx, tradeId));
      return idempotent(request, reply, { userId: user.id, status, claimFirst }, (workCtx) =>
        run(workCtx, { actor: viewerOf(user), tradeId, input }),
      );
    });
  }

  const listDoc = { summary: "The caller's trades, newest first; optionally of one status (X-Next-Cursor)", query: TradeListQuerySchema };
  app.get('/api/trades', { config: { openapi: listDoc } }, async (request, reply): Promise<Trade[]> => {
    const user = await requireUser(request);
    const query = parse(TradeListQuerySchema, request.query);
    const { trades, nextCursor } = await findMyTrades(ctx, { viewer: viewerOf(user), query });
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return trades;
  });

  // Registered before /:id so "counts" is never read as an id.
  app.get(
    '/api/trades/counts',
    { config: { openapi: { summary: "How many of the caller's trades are pending, accepted, completed, and in all" } } },
    async (request): Promise<TradeCounts> => {
      const user = await requireUser(request);
      return countMyTrades(ctx, { viewer: viewerOf(user) });
    },
  );

  // Also before /:id. The holds a proposal would carry (docs/rules/money.md#protection-holds).
  const previewDoc = { summary: 'The protection holds a proposal from the caller would carry', query: ProtectionHoldPreviewQuerySchema };
  app.get(
    '/api/trades/protection-holds',
    { config: { openapi: previewDoc, rateLimit: perMemberLimit(HOLD_PREVIEWS_PER_MINUTE) } },
    async (request): Promise<ProtectionHoldPreview> => {
      const user = await requireUser(request);
      return previewProtectionHolds(ctx, { actor: viewerOf(user), query: parse(ProtectionHoldPreviewQuerySchema, request.query) });
    },
  );

  app.get('/api/trades/:id', { config: { openapi: { summary: 'One trade (its parties and admins)' } } }, async (request) => {
    const user = await requireUser(request);
    return getTrade(ctx, { viewer: viewerOf(user), tradeId: tradeIdOf(request.params) });
  });

  const slipDoc = { summary: "The caller's packing slip for an accepted trade: a printable PDF with a QR code of the trade (its parties)" };
  app.get(
    '/api/trades/:id/packing-slip.pdf',
    { config: { openapi: slipDoc, rateLimit: perMemberLimit(PACKING_SLIPS_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const tradeId = tradeIdOf(request.params);
      const pdf = await getPackingSlip(ctx, { viewer: viewerOf(user), tradeId });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="soleswap-trade-${tradeId}-packing-slip.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get('/api/admin/disputes', { config: { openapi: { summary: 'Open disputes, oldest first (admins)' } } }, async (request) => {
    const admin = await requireAdmin(request);
    return findDisputedTrades(ctx, { viewer: viewerOf(admin) });
  });

  const createDoc = { summary: 'Propose a trade (Idempotency-Key honoured)', body: CreateTradeSchema };
  const createConfig = { openapi: createDoc, rateLimit: perMemberLimit(PROPOSALS_PER_MINUTE), stepUp: 'money' as const };
  app.post('/api/trades', { config: createConfig }, async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(CreateTradeSchema, request.body);
    await requireStepUpForTrade(ctx, request, input);
    return idempotent(request, reply, { userId: user.id, status: 201 }, (txCtx) => proposeTrade(txCtx, { actor: viewerOf(user), input }));
  });

  // The older call (docs/rules/trades.md): status 'accepted' or 'rejected' is a synonym of accept and reject.
  const legacyDoc = { summary: 'Accept or reject (the spec’s call; prefer /accept and /reject)', body: LegacyUpdateTradeSchema };
  app.put('/api/trades/:id', { config: { openapi: legacyDoc } }, async (request, reply) => {
    const user = await requireUser(request);
    const tradeId = tradeIdOf(request.params);
    const { status } = parse(LegacyUpdateTradeSchema, request.body);
    // Accepting here is the same money action as /accept (a rejection is not one).
    if (status === 'accepted') await requireEnhancedSecurity(request, 'money');
    if (status === 'accepted') await requireStepUpForTradeId(ctx, request, { tradeId, userId: user.id });
    const args = { actor: viewerOf(user), tradeId };
    const claimFirst = status === 'accepted' && (await acceptCallsProvider(ctx, tradeId));
    return idempotent(request, reply, { userId: user.id, claimFirst }, (workCtx) =>
      status === 'accepted' ? acceptTrade(workCtx, args) : rejectTrade(workCtx, args),
    );
  });

  action('accept', 'Receiver accepts; every sneaker is locked in escrow (acknowledgeFlagged for a flagged pair)', AcceptTradeSchema, acceptTrade);
  action('reject', 'Receiver declines a pending trade', null, rejectTrade);
  action('cancel', 'Proposer withdraws, or a side asks to cancel an accepted trade', null, cancelTrade);
  action(
    'counter',
    'Receiver answers with a new proposal the other way',
    CounterTradeSchema,
    counterTrade,
    201,
    perMemberLimit(PROPOSALS_PER_MINUTE),
  );
  action('ship', 'Mark your side shipped', ShipTradeSchema, markTradeShipped);
  action('receive', "Confirm the other side's sneakers arrived", null, markTradeReceived);
  action('dispute', 'Ask an admin to step in', DisputeTradeSchema, disputeTrade);
  action('resolve', 'Admin closes a dispute', ResolveTradeSchema, resolveDispute);
  action('rate', 'Rate the other side once after completion', RateTradeSchema, rateTrade);
  // Issue #42: after the proposer's card was declined at acceptance, they give another one.
  action('card', 'Proposer gives another card for a pending trade', GiveTradeCardSchema, giveTradeCard, 200, perMemberLimit(10));
}
