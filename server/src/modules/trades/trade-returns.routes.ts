import type { FastifyInstance } from 'fastify';
import { ChooseShipToSchema } from '@soleswap/contracts/addresses';
import { ShipReturnSchema, type ReturnShipTo, type TradeReturn, type TradeRuling } from '@soleswap/contracts/trades';
import type { User } from '@soleswap/contracts/users';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { findOverdueTradeReturns } from './find-overdue-returns';
import { getReturnPackingSlip } from './get-return-packing-slip';
import { getTradeRuling } from './get-trade-ruling';
import { receiveTradeReturn } from './receive-trade-return';
import { chooseTradeReturnShipTo, getReturnShipTo } from './return-ship-to';
import { shipTradeReturn } from './ship-trade-return';
import { PACKING_SLIPS_PER_MINUTE } from './trades.routes';
import type { TradeViewer } from './trade-view';

/** Steps of returns (ship, receive, choosing where one comes back) one member may take per minute. */
export const RETURN_STEPS_PER_MINUTE = 20;

const viewerOf = (user: User): TradeViewer => ({ id: user.id, isAdmin: user.role === 'admin' });
const returnIdOf = (params: unknown) => idParam(params, 'Return');

/** An admin's ruling with its note, and the pairs going back after a refund (docs/rules/trades.md#returns-after-a-refund). */
export async function tradeReturnsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const stepLimit = { rateLimit: perMemberLimit(RETURN_STEPS_PER_MINUTE) };

  const rulingDoc = { summary: "The admin's ruling on the trade's dispute, its note, and the pairs going back after a refund (the trade's readers)" };
  app.get('/api/trades/:id/ruling', { config: { openapi: rulingDoc } }, async (request): Promise<TradeRuling> => {
    const user = await requireUser(request);
    return getTradeRuling(ctx, { viewer: viewerOf(user), tradeId: idParam(request.params, 'Trade') });
  });

  const overdueDoc = { summary: 'Pairs not shipped back by their return-by after a refund ruling, longest overdue first (admins)' };
  app.get('/api/admin/trade-returns/overdue', { config: { openapi: overdueDoc } }, async (request): Promise<TradeReturn[]> => {
    const admin = await requireAdmin(request);
    return findOverdueTradeReturns(ctx, { viewer: viewerOf(admin) });
  });

  const readDoc = { summary: "Where a pair goes back: its owner's ship-to, for the member sending it (reads recorded) and the owner" };
  app.get('/api/trade-returns/:id/ship-to', { config: { openapi: readDoc } }, async (request): Promise<ReturnShipTo> => {
    const user = await requireUser(request);
    return getReturnShipTo(ctx, { viewer: viewerOf(user), returnId: returnIdOf(request.params) });
  });

  const chooseDoc = { summary: 'The owner without a ship-to for the trade chooses where their pair comes back', body: ChooseShipToSchema };
  app.put('/api/trade-returns/:id/ship-to', { config: { openapi: chooseDoc, ...stepLimit, stepUp: 'address' } }, async (request, reply) => {
    const user = await requireUser(request);
    const returnId = returnIdOf(request.params);
    const { addressId } = parse(ChooseShipToSchema, request.body);
    return idempotent(request, reply, { userId: user.id }, (workCtx) =>
      chooseTradeReturnShipTo(workCtx, { viewer: viewerOf(user), returnId, addressId }),
    );
  });

  const slipDoc = { summary: 'The packing slip of a pair going back, for the member sending it (a PDF)' };
  app.get(
    '/api/trade-returns/:id/packing-slip.pdf',
    { config: { openapi: slipDoc, rateLimit: perMemberLimit(PACKING_SLIPS_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const returnId = returnIdOf(request.params);
      const pdf = await getReturnPackingSlip(ctx, { viewer: viewerOf(user), returnId });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="soleswap-return-${returnId}-packing-slip.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  const shipDoc = { summary: 'The member holding the pair ships it back with a tracking number (Idempotency-Key honoured)', body: ShipReturnSchema };
  app.post('/api/trade-returns/:id/ship', { config: { openapi: shipDoc, ...stepLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    const returnId = returnIdOf(request.params);
    const input = parse(ShipReturnSchema, request.body);
    return idempotent(request, reply, { userId: user.id }, (workCtx) => shipTradeReturn(workCtx, { viewer: viewerOf(user), returnId, input }));
  });

  const receiveDoc = { summary: 'The owner confirms their pair is back (Idempotency-Key honoured)' };
  app.post('/api/trade-returns/:id/receive', { config: { openapi: receiveDoc, ...stepLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    const returnId = returnIdOf(request.params);
    return idempotent(request, reply, { userId: user.id }, (workCtx) => receiveTradeReturn(workCtx, { viewer: viewerOf(user), returnId }));
  });
}
