import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { chooseShipTo } from './choose-ship-to';
import { returnShipToAccess, returnShipToChoiceRefusal, type ShipToReturnFacts } from './return-ship-to-access';
import { hasChosenShipTo } from './ship-to-chosen';
import type { ShipToViewer } from './ship-to-access';

/**
 * The owner of a pair going back picks where it comes back (PUT /api/trade-returns/:id/ship-to),
 * when they never chose a ship-to for the trade (returnShipToChoiceRefusal): it becomes their
 * ship-to for the trade. Runs in the caller's transaction, which holds the return's row lock, so a
 * ship of the return cannot slip in between.
 */
export async function chooseReturnShipTo(
  tx: Db,
  { ret, viewer, addressId, at }: { ret: ShipToReturnFacts; viewer: ShipToViewer; addressId: number; at: Date },
): Promise<void> {
  const access = returnShipToAccess(ret, viewer, at);
  if (access.kind === 'none') throw notFound('Return');
  if (access.kind !== 'owner') throw forbidden('Only the owner of the pair chooses where it comes back');
  const refusal = returnShipToChoiceRefusal(ret, await hasChosenShipTo(tx, { tradeId: ret.tradeId, userId: ret.ownerId }));
  if (refusal) throw new AppError('TRADE_INVALID_TRANSITION', refusal);
  await chooseShipTo(tx, { tradeId: ret.tradeId, userId: viewer.id, addressId, at, field: 'addressId' });
}
