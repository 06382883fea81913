import type { CarrierEvent, ShippingLabel } from '@soleswap/contracts/shipping';
import { isPostalMismatch } from './postal-codes';
import type { CarrierEventRow, ShippingLabelRow } from './shipping-labels.repository';

/**
 * A bought label as the parties of its leg see it, with its carrier timeline (oldest first). No
 * address is in it: the destination's postal code only decides the mismatch warning.
 * `labelUrl` is the route's own address of the printable label (GET /api/trades/:id/label.pdf).
 */
export function labelView(row: ShippingLabelRow, events: CarrierEventRow[], labelUrl: string): ShippingLabel | null {
  if (row.purchase !== 'bought' || !row.carrier || !row.trackingNumber) return null;
  return {
    id: row.id,
    route: row.route,
    legKey: row.legKey,
    carrier: row.carrier,
    service: row.service ?? '',
    trackingNumber: row.trackingNumber,
    status: row.status,
    rateCents: row.rateCents,
    payer: row.payer,
    createdAt: row.createdAt.toISOString(),
    firstScanAt: row.firstScanAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    labelUrl,
    destinationMismatch: isPostalMismatch(row.destinationPostalCode, row.carrierPostalCode),
    events: events.filter((e) => e.labelId === row.id).map(eventView),
  };
}

function eventView(row: CarrierEventRow): CarrierEvent {
  return { status: row.status, message: row.message, location: row.location, occurredAt: row.occurredAt.toISOString() };
}
