import type { FastifyInstance } from 'fastify';
import { BuyLabelSchema } from '@soleswap/contracts/shipping';
import { requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { PACKING_SLIPS_PER_MINUTE } from './trades.routes';
import { buyTradeLabel, getTradeLabelPdf, getTradeShipping } from './trade-labels';

/** Labels one member may buy per minute (each is a provider call). */
export const LABELS_PER_MINUTE = 10;

/** A trade's shipping labels (docs/rules/shipping.md#a-label-per-leg): buy the caller's, print it with the slip, read both legs. */
export async function tradeLabelsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const viewerOf = (user: { id: string; role: string }) => ({ id: user.id, isAdmin: user.role === 'admin' });

  const buyDoc = { summary: "Buy the caller's shipping label for their side of an accepted trade (Idempotency-Key honoured)", body: BuyLabelSchema };
  app.post('/api/trades/:id/label', { config: { openapi: buyDoc, rateLimit: perMemberLimit(LABELS_PER_MINUTE) } }, async (request, reply) => {
    const user = await requireUser(request);
    const tradeId = idParam(request.params, 'Trade');
    const input = parse(BuyLabelSchema, request.body);
    // The purchase calls the shipping provider: the key is claimed first, and no transaction is held across the call.
    return idempotent(request, reply, { userId: user.id, claimFirst: true }, (workCtx) =>
      buyTradeLabel(workCtx, { viewer: viewerOf(user), tradeId, input }),
    );
  });

  const pdfDoc = { summary: "The caller's shipping label and packing slip as one printable PDF (its parties)" };
  app.get(
    '/api/trades/:id/label.pdf',
    { config: { openapi: pdfDoc, rateLimit: perMemberLimit(PACKING_SLIPS_PER_MINUTE) } },
    async (request, reply) => {
      const user = await requireUser(request);
      const tradeId = idParam(request.params, 'Trade');
      const pdf = await getTradeLabelPdf(ctx, { viewer: viewerOf(user), tradeId });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="soleswap-trade-${tradeId}-label.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  const shippingDoc = { summary: "Both sides' shipping labels and carrier timelines of a trade (its parties; admins in a dispute)" };
  app.get('/api/trades/:id/shipping', { config: { openapi: shippingDoc } }, async (request) => {
    const user = await requireUser(request);
    return getTradeShipping(ctx, { viewer: viewerOf(user), tradeId: idParam(request.params, 'Trade') });
  });
}
