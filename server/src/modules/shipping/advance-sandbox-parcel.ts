import { randomUUID } from 'node:crypto';
import { CARRIER_STATUS_NAMES, type AdvanceSandboxParcel, type ShippingLabel } from '@soleswap/contracts/shipping';
import { normaliseTrackingNumber } from '@soleswap/contracts/tracking-numbers';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { applyCarrierEvent } from './apply-carrier-event';
import { labelLegRouteOf } from './label-legs';
import { labelView } from './label-view';
import { findEventsOfLabels, findLabelById, findLabelByTrackingNumber } from './shipping-labels.repository';
import { isShippingSandbox } from './shipping-providers';

/**
 * POST /api/shipping/sandbox/parcels/:trackingNumber/advance (docs/rules/shipping.md#the-development-control):
 * the sandbox's carrier says the parcel reached `status` now. The event is recorded and applied as
 * any carrier event is (applyCarrierEvent: the first scan ships the leg, a delivery opens the receive
 * window). Only with SHIPPING_PROVIDER=sandbox (404 otherwise, as if the route did not exist), and
 * only for the leg's sender, its receiver and admins (404 to anyone else, who is not told the parcel
 * exists).
 */
export async function advanceSandboxParcel(
  ctx: AppContext,
  { viewer, trackingNumber, input }: { viewer: { id: string; isAdmin: boolean }; trackingNumber: string; input: AdvanceSandboxParcel },
): Promise<ShippingLabel> {
  if (!isShippingSandbox(ctx.env)) throw notFound('Route');
  const label = await findLabelByTrackingNumber(ctx.db, normaliseTrackingNumber(trackingNumber));
  const leg = label ? labelLegRouteOf(label.route) : null;
  if (!label || !leg) throw notFound('Parcel');
  if (!viewer.isAdmin && label.senderId !== viewer.id) {
    const parties = await leg.parties(ctx.db, label.legKey);
    if (!parties?.includes(viewer.id)) throw notFound('Parcel');
  }
  const outcome = await applyCarrierEvent(ctx, {
    labelId: label.id,
    providerEventId: `sbevt_${randomUUID()}`,
    status: input.status,
    message: `${CARRIER_STATUS_NAMES[input.status]} (sandbox)`,
    location: 'SoleSwap sandbox facility',
    occurredAt: ctx.now(),
  });
  if (outcome.outcome === 'unknown-label') throw notFound('Parcel');
  const updated = (await findLabelById(ctx.db, label.id)) ?? label;
  const view = labelView(updated, await findEventsOfLabels(ctx.db, [label.id]), leg.labelUrl(label.legKey));
  if (!view) throw notFound('Parcel');
  if (outcome.refused) throw new AppError('CONFLICT', `The carrier event was recorded, and the leg did not move: ${outcome.refused}`);
  return view;
}
