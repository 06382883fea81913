import { matchCursorOf, type MatchSneaker, type MatchesQuery, type MatchesResponse, type TwoWayMatch } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { findSuspendedAmongMembers } from '../users/member-suspension';
import { findLoopSuggestions } from '../loops/find-loop-suggestions';
import { findStoredMatchPage, queuedVersionOf } from './member-matches.repository';
import { refreshMemberMatches } from './refresh-member-matches';
import { findMatchSneakers, type MatchSneakerRow } from './wants.repository';

const toMatchSneaker = (s: MatchSneakerRow): MatchSneaker => ({
  id: s.id,
  name: s.name,
  size: s.size,
  condition: s.condition,
  value: s.value,
  thumbnailUrl: s.thumbnailUrl,
  verdict: s.verdict,
});

/**
 * GET /api/matches: the member's direct swaps, best first (both sides' want ranks, then how evenly
 * the two values balance), a page at a time, and on the first page the loop trades waiting for
 * them. The swaps are read from the stored matches (refresh-member-matches.ts): one index range
 * of member_matches, then the page's pairs and partners. A member whose own change is not computed
 * yet (still queued) has their matches computed first, so they always see their own change.
 */
export async function findMyMatches(
  ctx: AppContext,
  { userId, query }: { userId: string; query: MatchesQuery },
): Promise<{ body: MatchesResponse; nextCursor: string | null }> {
  if ((await queuedVersionOf(ctx.db, userId)) !== null) await refreshMemberMatches(ctx, { userId });
  const page = await findStoredMatchPage(ctx.db, userId, query.limit + 1, query.cursor ?? null);
  const more = page.length > query.limit;
  const rows = page.slice(0, query.limit);
  const sneakers = new Map(
    (
      await findMatchSneakers(
        ctx.db,
        rows.flatMap((m) => [m.givePairId, m.receivePairId]),
      )
    ).map((s) => [s.id, s]),
  );
  // A suspended member is off the market: their rows go when their matches are computed again.
  const suspended = new Set(
    await findSuspendedAmongMembers(
      ctx.db,
      rows.map((m) => m.partnerId),
    ),
  );
  const twoWay = rows.flatMap((m): TwoWayMatch[] => {
    const give = sneakers.get(m.givePairId);
    const receive = sneakers.get(m.receivePairId);
    if (!give || !receive || suspended.has(m.partnerId)) return [];
    const proposal = new URLSearchParams({ owner: receive.userId, target: String(receive.id), offer: String(give.id) });
    return [
      {
        member: { id: receive.userId, username: receive.username },
        give: toMatchSneaker(give),
        receive: toMatchSneaker(receive),
        receiveRank: m.receiveRank,
        valueBalance: Math.round(m.valueBalance * 100) / 100,
        proposeUrl: `/trades/create?${proposal}`,
      },
    ];
  });
  const last = rows.at(-1);
  return {
    body: { twoWay, loops: query.cursor ? [] : await findLoopSuggestions(ctx, { userId, limit: query.limit }) },
    nextCursor: more && last ? matchCursorOf(last) : null,
  };
}
