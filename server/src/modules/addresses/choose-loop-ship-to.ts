import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { chooseShipTo } from './choose-ship-to';
import { loopShipToChangeRefusal, type ShipToLoopFacts } from './ship-to-access';
import { hasChosenShipTo } from './ship-to-chosen';

/** Reads a loop's facts with its row locked (404 for a loop that does not exist); handed in by the loops module. */
export type LockedLoopFactsReader = (tx: Db, loopId: number) => Promise<ShipToLoopFacts | null>;

/**
 * A loop member changes where their incoming leg goes (PUT /api/loops/:id/ship-to): members only
 * (anyone else: 404), while the loop is proposed or active, not once the member before them has
 * shipped (loopShipToChangeRefusal). On a proposed loop the first choice comes with the acceptance
 * (POST /api/loops/:id/accept with shipToAddressId, which is what makes the loop binding), so
 * this only changes a choice already made. The loop row is locked meanwhile, so a "ship" cannot
 * slip in between.
 */
export async function chooseLoopShipTo(
  ctx: AppContext,
  { memberId, loopId, addressId }: { memberId: string; loopId: number; addressId: number },
  readLockedFacts: LockedLoopFactsReader,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const loop = await readLockedFacts(tx, loopId);
    if (!loop || !loop.legs.some((l) => l.fromUserId === memberId)) throw notFound('Loop');
    const refusal = loopShipToChangeRefusal(loop, memberId);
    if (refusal) throw new AppError('LOOP_INVALID_TRANSITION', refusal);
    if (loop.status === 'proposed' && !(await hasChosenShipTo(tx, { loopId, userId: memberId }))) {
      throw new AppError('LOOP_INVALID_TRANSITION', 'Choose your ship-to address when you accept the loop');
    }
    await chooseShipTo(tx, { loopId, userId: memberId, addressId, at: ctx.now(), field: 'addressId' });
  });
}
