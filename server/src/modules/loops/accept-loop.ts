import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findBlockedPairsAmong } from '../blocks/block-guard';
import { assertNoneSuspended } from '../users/member-suspension';
import { cancelProposedLoopsBetween } from './cancel-loops-between';
import { runLoopTransition } from './loop-transition';
import { findLegs, type LoopRow } from './loops.repository';

export interface AcceptLoopArgs {
  actorId: string;
  loopId: number;
  /** Where the caller's incoming leg goes: an id from their own address book (400 otherwise). */
  shipToAddressId?: number;
}

/**
 * A member accepts a loop (POST /api/loops/:id/accept), choosing where their incoming leg goes in
 * the same transaction. The loop binds (every pair locked in escrow, `active`) with the last
 * acceptance, once every member has accepted with a ship-to; an acceptance without one is
 * recorded and the member accepts again with one (loop.machine.ts). The checks a member must pass
 * before accepting (blocks, suspensions; a second factor, when step-up comes to loops) go here,
 * before the transition.
 */
export async function acceptLoop(ctx: AppContext, args: AcceptLoopArgs): Promise<LoopRow> {
  await refuseAcceptingAcrossABlock(ctx, args);
  return runLoopTransition(ctx, { loopId: args.loopId, actor: { id: args.actorId }, action: 'accept', shipToAddressId: args.shipToAddressId });
}

/**
 * Nobody accepts a loop holding two members who block each other: the loop ends for everyone
 * (it would, on the block, unless this accept raced it) and the caller hears BLOCKED, without
 * being told who blocked whom. A non-member goes on to the transition's 404.
 */
async function refuseAcceptingAcrossABlock(ctx: AppContext, { actorId, loopId }: AcceptLoopArgs): Promise<void> {
  const memberIds = (await findLegs(ctx.db, [loopId])).map((leg) => leg.fromUserId);
  if (!memberIds.includes(actorId)) return;
  // Nor one holding a suspended member: their listings are off the market (MEMBER_SUSPENDED).
  await assertNoneSuspended(ctx.db, memberIds);
  const [blocked] = await findBlockedPairsAmong(ctx.db, memberIds);
  if (!blocked) return;
  await cancelProposedLoopsBetween(ctx, blocked[0], blocked[1]);
  throw new AppError('BLOCKED', BLOCKED_MESSAGE);
}
