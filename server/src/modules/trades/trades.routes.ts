import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CounterTradeSchema,
  CreateTradeSchema,
  DisputeTradeSchema,
  LegacyUpdateTradeSchema,
  RateTradeSchema,
  ResolveTradeSchema,
  ShipTradeSchema,
} from '@soleswap/contracts/trades';
import type { Trade } from '@soleswap/contracts/trades';
import type { User } from '@soleswap/contracts/users';
import { notFound } from '../../errors';
import { requireUser } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { acceptTrade } from './accept-trade';
import { cancelTrade } from './cancel-trade';
import { counterTrade } from './counter-trade';
import { disputeTrade } from './dispute-trade';
import { findMyTrades } from './find-my-trades';
import { getTrade } from './get-trade';
import { proposeTrade } from './propose-trade';
import { rateTrade } from './rate-trade';
import { markTradeReceived } from './receive-trade';
import { rejectTrade } from './reject-trade';
import { resolveDispute } from './resolve-trade';
import { markTradeShipped } from './ship-trade';
import type { TradeViewer } from './trade-view';

const viewerOf = (user: User): TradeViewer => ({ id: user.id, isAdmin: user.role === 'admin' });

/** Trade ids in URLs are user input: anything but a positive int4 is simply "not found". */
function tradeIdOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound('Trade');
  return id;
}

interface ActionArgs<T> {
  actor: TradeViewer;
  tradeId: number;
  input: T;
}

export async function tradesRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** POST /api/trades/:id/<action>: authenticate, parse, run at most once per Idempotency-Key. */
  function action<T>(name: string, schema: z.ZodType<T> | null, run: (args: ActionArgs<T>) => Promise<Trade>, status = 200) {
    app.post(`/api/trades/:id/${name}`, async (request, reply) => {
      const user = await requireUser(request);
      const tradeId = tradeIdOf(request.params);
      const input = (schema ? parse(schema, request.body) : undefined) as T;
      return idempotent(request, reply, { userId: user.id, status }, () => run({ actor: viewerOf(user), tradeId, input }));
    });
  }

  app.get('/api/trades', async (request) => {
    const user = await requireUser(request);
    return findMyTrades(ctx, { viewer: viewerOf(user) });
  });

  app.get('/api/trades/:id', async (request) => {
    const user = await requireUser(request);
    return getTrade(ctx, { viewer: viewerOf(user), tradeId: tradeIdOf(request.params) });
  });

  app.post('/api/trades', async (request, reply) => {
    const user = await requireUser(request);
    const input = parse(CreateTradeSchema, request.body);
    return idempotent(request, reply, { userId: user.id, status: 201 }, () =>
      proposeTrade(ctx, { actor: viewerOf(user), input }),
    );
  });

  // The spec's call: status 'accepted' or 'rejected' is a synonym of accept and reject.
  app.put('/api/trades/:id', async (request, reply) => {
    const user = await requireUser(request);
    const tradeId = tradeIdOf(request.params);
    const { status } = parse(LegacyUpdateTradeSchema, request.body);
    const args = { actor: viewerOf(user), tradeId };
    return idempotent(request, reply, { userId: user.id }, () =>
      status === 'accepted' ? acceptTrade(ctx, args) : rejectTrade(ctx, args),
    );
  });

  action('accept', null, (args) => acceptTrade(ctx, args));
  action('reject', null, (args) => rejectTrade(ctx, args));
  action('cancel', null, (args) => cancelTrade(ctx, args));
  action('counter', CounterTradeSchema, (args) => counterTrade(ctx, args), 201);
  action('ship', ShipTradeSchema, (args) => markTradeShipped(ctx, args));
  action('receive', null, (args) => markTradeReceived(ctx, args));
  action('dispute', DisputeTradeSchema, (args) => disputeTrade(ctx, args));
  action('resolve', ResolveTradeSchema, (args) => resolveDispute(ctx, args));
  action('rate', RateTradeSchema, (args) => rateTrade(ctx, args));
}
