import type { AppContext } from '../../context';
import { twoWayMatches, type TwoWayMatch } from '../loops/clearing/two-way-matches';
import { loadMarketAround } from './market-around-member';
import { dequeueMember, findQueuedMembers, queuedVersionOf, replaceMatchesOf } from './member-matches.repository';

/**
 * Computes the member's two-way matches again, with every partner, and stores them both ways
 * (member_matches): what GET /api/matches reads. A match depends only on its two members' pairs,
 * wants and standing, so a change of one member's pairs or wants changes only the matches they
 * are in, and computing that member's matches again brings all of them up to date. The cost is
 * the bounded read of the market around one member (market-around-member.ts), however many wants
 * a new pair of a popular release meets. Blocks are not applied here but when matches are read
 * (a lifted block shows its matches again without computing anything). Takes the member off the
 * refresh queue unless a change queued them again meanwhile. Returns the matches found, with
 * blocked partners, best first.
 */
export async function refreshMemberMatches(ctx: AppContext, { userId }: { userId: string }) {
  const version = await queuedVersionOf(ctx.db, userId);
  const market = await loadMarketAround(ctx, userId);
  const found = twoWayMatches({ ...market, excludedPairs: [] }, userId, Number.POSITIVE_INFINITY);
  await replaceMatchesOf(
    ctx.db,
    userId,
    found.map((m) => ({
      memberId: userId,
      partnerId: String(m.memberId),
      givePairId: Number(m.givePairId),
      receivePairId: Number(m.receivePairId),
      receiveRank: m.receiveRank,
      giveRank: m.giveRank,
      valueBalance: m.valueBalance,
      score: m.score,
    })),
  );
  if (version !== null) await dequeueMember(ctx.db, userId, version);
  return { found, blocked: blockedPartnersOf(market.excludedPairs, userId) };
}

function blockedPartnersOf(pairs: ReadonlyArray<[string, string]>, userId: string): Set<string> {
  return new Set(pairs.flatMap(([a, b]) => (a === userId ? [b] : b === userId ? [a] : [])));
}

/** Of these matches, the ones with a partner the member may trade with. */
export function unblocked(found: readonly TwoWayMatch[], blocked: ReadonlySet<string>): TwoWayMatch[] {
  return found.filter((m) => !blocked.has(String(m.memberId)));
}

/** How many queued members one run of the refresh job computes at most. */
export const REFRESHES_PER_RUN = 200;

/**
 * Computes the matches of queued members, longest waiting first, at most `limit` of them (the
 * job 'wants.refresh-matches', and the backfill after a bulk load). Returns how many it computed.
 */
export async function refreshQueuedMatches(ctx: AppContext, { limit = REFRESHES_PER_RUN }: { limit?: number } = {}): Promise<number> {
  const queued = await findQueuedMembers(ctx.db, limit);
  for (const { memberId } of queued) await refreshMemberMatches(ctx, { userId: memberId });
  return queued.length;
}
