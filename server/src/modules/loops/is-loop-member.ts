import type { AppContext } from '../../context';
import { findLegs } from './loops.repository';

/** Whether the member gives (and so receives) a leg of the loop. */
export async function isLoopMember(ctx: AppContext, { loopId, userId }: { loopId: number; userId: string }): Promise<boolean> {
  return (await findLegs(ctx.db, [loopId])).some((leg) => leg.fromUserId === userId);
}
