import type { Loop } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { buildLoopViews } from './loop-view';
import { findLoop, findLoopIdsOf } from './loops.repository';

/** The member's loops, newest first. */
export async function findMyLoops(ctx: AppContext, { viewerId }: { viewerId: string }): Promise<Loop[]> {
  const ids = (await findLoopIdsOf(ctx.db, viewerId)).slice(0, 100);
  const rows = (await Promise.all(ids.map((id) => findLoop(ctx.db, id)))).filter((r) => r !== null);
  return buildLoopViews(ctx.db, rows, viewerId);
}
