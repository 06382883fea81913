import type { Db } from '../../db/client';
import { existsShipTo } from './addresses.repository';

/**
 * Whether the member has chosen where their parcel of this trade goes (docs/rules/addresses.md#choosing-where-a-parcel-goes):
 * the other side may mark its parcel shipped only once they have. Reads no address and records no read.
 */
export async function hasChosenShipTo(db: Db, { tradeId, userId }: { tradeId: number; userId: string }): Promise<boolean> {
  return existsShipTo(db, tradeId, userId);
}
