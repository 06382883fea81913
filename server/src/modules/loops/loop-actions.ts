import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import type { CashCard, CashSource } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { receiveByAfterShipping } from '../../machines/receive-by';
import { checkedTracking } from '../parcels/checked-tracking';
import { acceptLoop } from './accept-loop';
import { buildLoopViews } from './loop-view';
import { runLoopTransition } from './loop-transition';
import type { LoopRow } from './loops.repository';

export interface LoopActionArgs {
  actorId: string;
  loopId: number;
  trackingNumber?: string;
  reason?: string;
  shipToAddressId?: number;
  /** An acceptance's card or wallet for the member's protection hold (accept-loop.ts). */
  cashCard?: CashCard;
  cashSource?: CashSource;
}

/**
 * A member's action on a loop (accept, decline, ship, receive, dispute), answered with the loop
 * as they now see it. The last acceptance locks every pair in escrow (accept-loop.ts); the last
 * receipt completes the loop and moves every pair; a decline or dispute ends it for everyone (see
 * loop.machine.ts).
 */
export async function actOnLoop(ctx: AppContext, action: LoopAction, args: LoopActionArgs): Promise<Loop> {
  if (action === 'accept') return viewOf(ctx, await acceptLoop(ctx, args), args.actorId);
  // Shipping needs a valid UPS, USPS or FedEx number (the route's schema makes it present).
  const shipment = action === 'ship' ? checkedTracking(args.trackingNumber ?? '') : undefined;
  const loop = await runLoopTransition(ctx, {
    loopId: args.loopId,
    actor: { id: args.actorId },
    action,
    shipment,
    receiveBy: action === 'ship' ? receiveByAfterShipping(ctx.now(), ctx.env) : undefined,
    reason: args.reason,
  });
  return viewOf(ctx, loop, args.actorId);
}

async function viewOf(ctx: AppContext, loop: LoopRow, viewerId: string): Promise<Loop> {
  const [view] = await buildLoopViews(ctx.db, [loop], viewerId);
  return view!;
}
