import { LOOP_PACKING_SLIP_STATUSES, type LoopStatus } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { readLoopLegShipTo } from '../addresses/read-loop-ship-to';
import { printPackingSlip } from '../custody/print-packing-slip';
import { shipToFactsOf } from './loop-ship-to-facts';
import { findLegs, findLoop } from './loops.repository';

/**
 * GET /api/loops/:id/packing-slip.pdf: the caller's packing slip, the box of the leg they send
 * (their pair, from them to the next member) with a QR code of the loop's page, printed by the one
 * slip printer trades use (custody/print-packing-slip.ts). Members only (anyone else: 404), once
 * the loop is binding (409 before). The next member's address is printed when the address rules
 * let the sender see it, and that read is recorded (addresses/read-loop-ship-to.ts).
 */
export async function getLoopPackingSlip(ctx: AppContext, { viewerId, loopId }: { viewerId: string; loopId: number }): Promise<Uint8Array> {
  const loop = await findLoop(ctx.db, loopId);
  const legs = loop ? await findLegs(ctx.db, [loop.id]) : [];
  const leg = legs.find((l) => l.fromUserId === viewerId);
  if (!loop || !leg) throw notFound('Loop');
  if (!LOOP_PACKING_SLIP_STATUSES.includes(loop.status as LoopStatus)) {
    throw new AppError('LOOP_INVALID_TRANSITION', `This loop is ${loop.status}: a packing slip is ready once every member has accepted`);
  }
  const viewer = { id: viewerId, isAdmin: false };
  const { shipTo } = await readLoopLegShipTo(ctx, { loop: shipToFactsOf(loop, legs), position: leg.position, viewer });
  return printPackingSlip(ctx, {
    reference: `Loop #${loop.id}, leg ${leg.position + 1} of ${legs.length}`,
    fromId: leg.fromUserId,
    toId: leg.toUserId,
    shipTo,
    sneakerIds: leg.sneakerIds,
    acceptedAt: loop.acceptedAt,
    shipBy: loop.shipBy,
    pagePath: `/trades?loop=${loop.id}`,
  });
}
