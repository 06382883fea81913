import type { Db } from '../../db/client';
import { findReturnsByIds } from './trade-returns.repository';

/**
 * The returns (keys: their ids) whose parcel may still be on its way: shipped back and not yet
 * confirmed by the owner. Handed to the parcels module at start-up (register-modules.ts).
 */
export async function openReturnParcels(db: Db, legs: readonly string[]): Promise<ReadonlySet<string>> {
  const ids = legs.map(Number).filter((id) => Number.isInteger(id));
  const rows = await findReturnsByIds(db, ids);
  return new Set(rows.filter((row) => row.status === 'returned_shipped').map((row) => String(row.id)));
}
