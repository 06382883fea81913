import type { AppContext } from '../../context';
import { buildMarketGraph } from '../loops/clearing/market-graph';
import { twoWayMatches } from '../loops/clearing/two-way-matches';
import { loadMarket } from '../loops/load-market';
import { insertNewMatches, type MatchInsert } from './wants.repository';

/** How many direct partners are recorded per change: the best ones, as GET /api/matches ranks them. */
const MATCHES_PER_CHANGE = 50;

/**
 * Finds the member's two-way matches in the current market and records the ones not seen before;
 * each new match is announced once to each of its two members with 'match.found' (the
 * notifications module tells them).
 * Runs after a want or a listing changes, outside the change's transaction.
 */
export async function recordNewMatches(ctx: AppContext, { userId }: { userId: string }): Promise<number[]> {
  const market = await loadMarket(ctx);
  const graph = buildMarketGraph(market.listings, market.wants);
  const found = twoWayMatches(graph, userId, MATCHES_PER_CHANGE);
  const at = ctx.now();
  // One row per match whichever side triggered it: the smaller member id is side A.
  const rows: MatchInsert[] = found.map((m) => {
    const other = String(m.memberId);
    const mine = { userId, sneakerId: Number(m.givePairId) };
    const theirs = { userId: other, sneakerId: Number(m.receivePairId) };
    const [a, b] = userId < other ? [mine, theirs] : [theirs, mine];
    return { userAId: a.userId, userBId: b.userId, sneakerAId: a.sneakerId, sneakerBId: b.sneakerId, createdAt: at };
  });
  const inserted = await insertNewMatches(ctx.db, rows);
  // Each member is told about the pair they would get.
  for (const match of inserted) {
    ctx.events.emit('match.found', { userId: match.userAId, sneakerId: match.sneakerBId, matchId: match.id });
    ctx.events.emit('match.found', { userId: match.userBId, sneakerId: match.sneakerAId, matchId: match.id });
  }
  return inserted.map((m) => m.id);
}
