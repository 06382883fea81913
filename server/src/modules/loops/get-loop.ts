import type { Loop } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { buildLoopViews } from './loop-view';
import { findLegs, findLoop } from './loops.repository';

/** One loop, for its members only: anyone else is told it does not exist. */
export async function getLoop(ctx: AppContext, { viewerId, loopId }: { viewerId: string; loopId: number }): Promise<Loop> {
  const loop = await findLoop(ctx.db, loopId);
  if (!loop) throw notFound('Loop');
  const legs = await findLegs(ctx.db, [loop.id]);
  if (!legs.some((l) => l.fromUserId === viewerId)) throw notFound('Loop');
  const [view] = await buildLoopViews(ctx.db, [loop], viewerId);
  return view!;
}
