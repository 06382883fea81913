import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { buildLoopViews } from './loop-view';
import { runLoopTransition } from './loop-transition';

export interface LoopActionArgs {
  actorId: string;
  loopId: number;
  trackingNumber?: string;
  reason?: string;
}

/**
 * A member's action on a loop (accept, decline, ship, receive, dispute), answered with the loop
 * as they now see it. The last acceptance locks every pair in escrow; the last receipt completes
 * the loop and moves every pair; a decline or dispute ends it for everyone (see loop.machine.ts).
 */
export async function actOnLoop(ctx: AppContext, action: LoopAction, args: LoopActionArgs): Promise<Loop> {
  const loop = await runLoopTransition(ctx, {
    loopId: args.loopId,
    actor: { id: args.actorId },
    action,
    trackingNumber: args.trackingNumber,
    reason: args.reason,
  });
  const [view] = await buildLoopViews(ctx.db, [loop], args.actorId);
  return view!;
}
