import type { MatchesResponse } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { findSneakerCards, sneakerVerdict } from '../sneakers/sneaker-records';
import { findLegs, findUnansweredLegs } from './loops.repository';

/** Proposed loops still waiting for the member's answer, soonest deadline first, `limit` at most, with what they would get. */
export async function findLoopSuggestions(ctx: AppContext, { userId, limit }: { userId: string; limit: number }): Promise<MatchesResponse['loops']> {
  const waiting = await findUnansweredLegs(ctx.db, userId, limit);
  const legs = await findLegs(
    ctx.db,
    waiting.map((w) => w.loopId),
  );
  const incoming = legs.filter((l) => l.toUserId === userId);
  const sneakers = new Map(
    (
      await findSneakerCards(
        ctx.db,
        incoming.flatMap((l) => l.sneakerIds),
      )
    ).map((s) => [s.id, s]),
  );
  return waiting.map((w) => {
    const leg = incoming.find((l) => l.loopId === w.loopId);
    const pair = leg ? sneakers.get(leg.sneakerIds[0]!) : undefined;
    return {
      id: w.loopId,
      members: legs.filter((l) => l.loopId === w.loopId).length,
      receive:
        pair && leg
          ? {
              id: pair.id,
              name: pair.name,
              size: pair.size,
              condition: pair.condition,
              value: leg.value,
              thumbnailUrl: pair.thumbnailUrl,
              verdict: sneakerVerdict(pair),
            }
          : null,
      acceptBy: w.acceptBy.toISOString(),
    };
  });
}
