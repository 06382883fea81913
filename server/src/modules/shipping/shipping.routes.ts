import type { FastifyInstance } from 'fastify';
import { AdvanceSandboxParcelSchema } from '@soleswap/contracts/shipping';
import { requireUser } from '../../http/auth';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { advanceSandboxParcel } from './advance-sandbox-parcel';
import { getShippingConfig } from './get-shipping-config';

/** Moves of the sandbox's development control one member may make per minute. */
export const SANDBOX_ADVANCES_PER_MINUTE = 30;

/** The shipping module's own routes: its configuration and the sandbox's development control. */
export async function shippingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/shipping/config',
    { config: { openapi: { summary: 'Shipping labels here: the provider, who pays, the boxes and their prices' } } },
    async () => getShippingConfig(ctx.env),
  );

  const advanceDoc = {
    summary:
      "The sandbox's development control: the carrier reports a status of the parcel now (SHIPPING_PROVIDER=sandbox only; its sender, receiver, admins)",
    body: AdvanceSandboxParcelSchema,
  };
  app.post(
    '/api/shipping/sandbox/parcels/:trackingNumber/advance',
    { config: { openapi: advanceDoc, rateLimit: perMemberLimit(SANDBOX_ADVANCES_PER_MINUTE) } },
    async (request) => {
      const user = await requireUser(request);
      const { trackingNumber } = request.params as { trackingNumber: string };
      const input = parse(AdvanceSandboxParcelSchema, request.body);
      return advanceSandboxParcel(ctx, { viewer: { id: user.id, isAdmin: user.role === 'admin' }, trackingNumber, input });
    },
  );
}
