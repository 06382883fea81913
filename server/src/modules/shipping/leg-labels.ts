import type { ShippingLabel } from '@soleswap/contracts/shipping';
import type { Db } from '../../db/client';
import type { ParcelRoute } from '../../db/schema/parcels';
import { labelView } from './label-view';
import { findEventsOfLabels, findLiveLabel, findLiveLabels, type ShippingLabelRow } from './shipping-labels.repository';

/** A label row as its leg's parties see it, with its carrier events; null while its purchase is not applied. */
export async function viewOfLabel(db: Db, row: ShippingLabelRow, labelUrl: string): Promise<ShippingLabel | null> {
  return labelView(row, await findEventsOfLabels(db, [row.id]), labelUrl);
}

/** The bought labels of a route's legs (a trade's two sides), by leg key, with their carrier timelines. */
export async function findLegLabels(
  db: Db,
  { route, legKeys, labelUrl }: { route: ParcelRoute; legKeys: string[]; labelUrl: (legKey: string) => string },
): Promise<Map<string, ShippingLabel>> {
  const rows = await findLiveLabels(db, route, legKeys);
  const events = await findEventsOfLabels(
    db,
    rows.map((row) => row.id),
  );
  const labels = new Map<string, ShippingLabel>();
  for (const row of rows) {
    const view = labelView(row, events, labelUrl(row.legKey));
    if (view) labels.set(row.legKey, view);
  }
  return labels;
}

/** The leg's bought label, or null. */
export async function getLegLabel(
  db: Db,
  { route, legKey, labelUrl }: { route: ParcelRoute; legKey: string; labelUrl: string },
): Promise<ShippingLabel | null> {
  const row = await findLiveLabel(db, route, legKey);
  return row ? viewOfLabel(db, row, labelUrl) : null;
}

/** The PDF of the leg's bought label, or null when it has none. */
export async function getLegLabelPdf(db: Db, { route, legKey }: { route: ParcelRoute; legKey: string }): Promise<Uint8Array | null> {
  const row = await findLiveLabel(db, route, legKey);
  return row?.purchase === 'bought' ? row.labelPdf : null;
}
