import type { Db } from '../../db/client';
import { findInspectionsOfTrade } from './inspection.repository';

/** The id of the pair one side of a via-authentication trade sends to the centre (its slip names it), or null before acceptance. */
export async function findPairIdOfSide(db: Db, { tradeId, side }: { tradeId: number; side: 'proposer' | 'receiver' }): Promise<number | null> {
  return (await findInspectionsOfTrade(db, tradeId)).find((p) => p.side === side)?.id ?? null;
}
