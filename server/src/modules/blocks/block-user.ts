import type { BlockStatus } from '@soleswap/contracts/blocks';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { getUser } from '../users/get-user';
import type { Db } from '../../db/client';
import { deleteBlock, insertBlockOnce, isBlocking, lockPair } from './blocks.repository';

interface Pair {
  blockerId: string;
  blockedId: string;
}

/**
 * What a block ends in the modules above blocks: follows, trades and loops all check for a block,
 * so they depend on this module, and hand in what a new block must end (see register-modules).
 */
export interface BlockConsequences {
  /** In the block's own transaction: both follows between the two members go. */
  removeFollowsBetween: (tx: Db, a: string, b: string) => Promise<unknown>;
  /** After commit: every pending trade proposal between them, cancelled by the system. */
  cancelTradesBetween: (ctx: AppContext, a: string, b: string) => Promise<unknown>;
  /** After commit: every proposed loop holding both. */
  cancelLoopsBetween: (ctx: AppContext, a: string, b: string) => Promise<unknown>;
}

/**
 * Blocks a member; blocking twice changes nothing. In the same transaction both follows between
 * them go; then every pending proposal between them is cancelled by the system, through the
 * trade state machine like any other cancellation (audit trail and events included), and so is
 * every proposed loop holding both. Trades and loops already in escrow go on: the sneakers are
 * held and must still be shipped.
 */
export async function blockUser(ctx: AppContext, { blockerId, blockedId }: Pair, consequences: BlockConsequences): Promise<BlockStatus> {
  if (blockerId === blockedId) throw new AppError('VALIDATION_FAILED', 'You cannot block yourself');
  await getUser(ctx, { id: blockedId, viewer: null }); // 404 for an unknown member
  await ctx.db.transaction(async (tx) => {
    await lockPair(tx, blockerId, blockedId, 'exclusive');
    await insertBlockOnce(tx, blockerId, blockedId);
    await consequences.removeFollowsBetween(tx, blockerId, blockedId);
  });
  // After commit: any proposal racing the block has committed by now (it held the pair lock).
  await consequences.cancelTradesBetween(ctx, blockerId, blockedId);
  // Awaited, not an event: the block's answer already shows those loops cancelled.
  await consequences.cancelLoopsBetween(ctx, blockerId, blockedId);
  return { blocked: true };
}

/** Lifts a block; unblocking someone you don't block changes nothing. Unknown members are 404. */
export async function unblockUser(ctx: AppContext, { blockerId, blockedId }: Pair): Promise<BlockStatus> {
  await getUser(ctx, { id: blockedId, viewer: null });
  await deleteBlock(ctx.db, blockerId, blockedId);
  return { blocked: false };
}

/** Whether the caller blocks the member (for the profile menu's Block / Unblock). */
export async function getBlockStatus(ctx: AppContext, { blockerId, blockedId }: Pair): Promise<BlockStatus> {
  await getUser(ctx, { id: blockedId, viewer: null });
  return { blocked: await isBlocking(ctx.db, blockerId, blockedId) };
}
