import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findBlockedPairsAmong } from '../blocks/block-guard';
import { receiveByAfterShipping } from '../../machines/receive-by';
import { checkedTracking } from '../trades/checked-tracking';
import { assertNoneSuspended } from '../users/member-suspension';
import { cancelProposedLoopsBetween } from './cancel-loops-between';
import { buildLoopViews } from './loop-view';
import { runLoopTransition } from './loop-transition';
import { findLegs } from './loops.repository';

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
  if (action === 'accept') await refuseAcceptingAcrossABlock(ctx, args);
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
  const [view] = await buildLoopViews(ctx.db, [loop], args.actorId);
  return view!;
}

/**
 * Nobody accepts a loop holding two members who block each other: the loop ends for everyone
 * (it would, on the block, unless this accept raced it) and the caller hears BLOCKED, without
 * being told who blocked whom. A non-member goes on to the transition's 404.
 */
async function refuseAcceptingAcrossABlock(ctx: AppContext, { actorId, loopId }: LoopActionArgs): Promise<void> {
  const memberIds = (await findLegs(ctx.db, [loopId])).map((leg) => leg.fromUserId);
  if (!memberIds.includes(actorId)) return;
  // Nor one holding a suspended member: their listings are off the market (MEMBER_SUSPENDED).
  await assertNoneSuspended(ctx.db, memberIds);
  const [blocked] = await findBlockedPairsAmong(ctx.db, memberIds);
  if (!blocked) return;
  await cancelProposedLoopsBetween(ctx, blocked[0], blocked[1]);
  throw new AppError('BLOCKED', BLOCKED_MESSAGE);
}
