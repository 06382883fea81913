import type { Db } from '../../db/client';
import { findLegsByIds, findLoopsByIds } from './loops.repository';

/**
 * The loop legs (by id, as text: claimTrackingNumber's `leg`) whose parcel may still be on its
 * way: the loop is active or disputed and the leg's receiver has not confirmed it (nor the
 * deadline sweep for them). Handed to the parcels module at start-up (register-modules.ts).
 */
export async function openLoopParcels(db: Db, legs: readonly string[]): Promise<ReadonlySet<string>> {
  const rows = await findLegsByIds(db, legs.map(Number));
  const loops = new Map((await findLoopsByIds(db, [...new Set(rows.map((l) => l.loopId))])).map((l) => [l.id, l]));
  const open = new Set<string>();
  for (const leg of rows) {
    const status = loops.get(leg.loopId)?.status;
    if ((status === 'active' || status === 'disputed') && leg.receivedAt === null) open.add(String(leg.id));
  }
  return open;
}
