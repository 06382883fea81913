import type { Db } from '../../db/client';
import { existsShipTo, findLoopShipToChoosers, findTradeShipToChoosers, type ShipToSubject } from './addresses.repository';

/**
 * Whether the member has chosen where their parcel of this trade (or their incoming leg of this
 * loop) goes (docs/rules/addresses.md#choosing-where-a-parcel-goes): the other side may mark its
 * parcel shipped only once they have. Reads no address and records no read.
 */
export async function hasChosenShipTo(db: Db, { userId, ...of }: ShipToOf & { userId: string }): Promise<boolean> {
  return existsShipTo(db, subjectOf(of as ShipToOf), userId);
}

/**
 * The members of each of these loops who chose a ship-to (reads no address): a loop binds only
 * once every member has (docs/rules/loops.md).
 */
export async function findLoopMembersWithShipTo(db: Db, loopIds: number[]): Promise<Map<number, Set<string>>> {
  const chosen = new Map<number, Set<string>>();
  for (const { loopId, userId } of await findLoopShipToChoosers(db, loopIds)) chosen.set(loopId, (chosen.get(loopId) ?? new Set()).add(userId));
  return chosen;
}

/** The members of each of these trades who chose a ship-to (reads no address): the centre's queue says who lacks one. */
export async function findTradeMembersWithShipTo(db: Db, tradeIds: number[]): Promise<Map<number, Set<string>>> {
  const chosen = new Map<number, Set<string>>();
  for (const { tradeId, userId } of await findTradeShipToChoosers(db, tradeIds)) chosen.set(tradeId, (chosen.get(tradeId) ?? new Set()).add(userId));
  return chosen;
}

/** A trade (`tradeId`) or a loop (`loopId`): exactly one of the two. */
export type ShipToOf = { tradeId: number; loopId?: undefined } | { loopId: number; tradeId?: undefined };

export function subjectOf({ tradeId, loopId }: ShipToOf): ShipToSubject {
  return tradeId !== undefined ? { kind: 'trade', id: tradeId } : { kind: 'loop', id: loopId! };
}
