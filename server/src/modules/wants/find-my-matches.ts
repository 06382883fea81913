import type { MatchSneaker, MatchesQuery, MatchesResponse, TwoWayMatch } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { twoWayMatches } from '../loops/clearing/two-way-matches';
import { findLoopSuggestions } from '../loops/find-loop-suggestions';
import { loadMarketAround } from './market-around-member';
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
 * GET /api/matches: the member's direct swaps in the current market, best first (both sides'
 * want ranks, then how evenly the two values balance), and the loop trades waiting for them.
 * Matches are computed on each call, not stored, so there are no further pages: the best
 * `limit` of each are returned.
 */
export async function findMyMatches(ctx: AppContext, { userId, query }: { userId: string; query: MatchesQuery }): Promise<MatchesResponse> {
  const market = await loadMarketAround(ctx, userId);
  const found = twoWayMatches(market, userId, query.limit);
  const sneakers = new Map(
    (
      await findMatchSneakers(
        ctx.db,
        found.flatMap((m) => [Number(m.givePairId), Number(m.receivePairId)]),
      )
    ).map((s) => [s.id, s]),
  );
  const twoWay = found.flatMap((m): TwoWayMatch[] => {
    const give = sneakers.get(Number(m.givePairId));
    const receive = sneakers.get(Number(m.receivePairId));
    if (!give || !receive) return [];
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
  return { twoWay, loops: await findLoopSuggestions(ctx, { userId, limit: query.limit }) };
}
