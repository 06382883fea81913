import type { ShipToLoopFacts } from '../addresses/ship-to-access';
import type { Db } from '../../db/client';
import { findLegs, findLoop, lockLoop, type LoopLegRow, type LoopRow } from './loops.repository';

/** What the address rules read of a loop (addresses/ship-to-access.ts): its status, when it bound and ended, its legs. */
export function shipToFactsOf(loop: LoopRow, legs: readonly LoopLegRow[]): ShipToLoopFacts {
  return {
    id: loop.id,
    status: loop.status,
    acceptedAt: loop.acceptedAt,
    closedAt: loop.closedAt,
    legs: legs.map(({ position, fromUserId, toUserId, shippedAt }) => ({ position, fromUserId, toUserId, shippedAt })),
  };
}

/** A loop's facts for the address rules, or null when there is no such loop. */
export async function readLoopShipToFacts(db: Db, loopId: number): Promise<ShipToLoopFacts | null> {
  const loop = await findLoop(db, loopId);
  return loop ? shipToFactsOf(loop, await findLegs(db, [loop.id])) : null;
}

/** The same with the loop's row locked until the transaction ends (a change of ship-to against a "ship"). */
export async function readLockedLoopShipToFacts(tx: Db, loopId: number): Promise<ShipToLoopFacts | null> {
  const loop = await lockLoop(tx, loopId);
  return loop ? shipToFactsOf(loop, await findLegs(tx, [loop.id])) : null;
}
