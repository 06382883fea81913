import type { AppContext } from '../../context';
import { refreshMemberMatches, unblocked } from './refresh-member-matches';
import { findUnannouncedMatches, insertNewMatches, type MatchInsert } from './wants.repository';

/** How many direct partners are recorded per change: the best ones, as GET /api/matches ranks them. */
const MATCHES_PER_CHANGE = 50;

/**
 * Computes the member's two-way matches again (stored for GET /api/matches, refresh-member-matches.ts)
 * and records the best ones not seen before; each match is announced with one 'match.found' until
 * the notifications module has told its two members (it marks the match notified), so finding it
 * again never tells them twice. Runs after a want or a listing changes, outside the change's transaction.
 */
export async function recordNewMatches(ctx: AppContext, { userId }: { userId: string }): Promise<number[]> {
  const { found, blocked } = await refreshMemberMatches(ctx, { userId });
  const best = unblocked(found, blocked).slice(0, MATCHES_PER_CHANGE);
  const at = ctx.now();
  // One row per match whichever side triggered it: the smaller member id is side A.
  const rows: MatchInsert[] = best.map((m) => {
    const other = String(m.memberId);
    const mine = { userId, sneakerId: Number(m.givePairId) };
    const theirs = { userId: other, sneakerId: Number(m.receivePairId) };
    const [a, b] = userId < other ? [mine, theirs] : [theirs, mine];
    return { userAId: a.userId, userBId: b.userId, sneakerAId: a.sneakerId, sneakerBId: b.sneakerId, createdAt: at };
  });
  const inserted = await insertNewMatches(ctx.db, rows);
  // Every found match not announced yet is offered to the announcer: the new ones, and any whose
  // announcement failed before. The announcer marks it notified, so each is told once.
  for (const match of await findUnannouncedMatches(ctx.db, rows)) {
    ctx.events.emit('match.found', { matchId: match.id, userIds: [match.userAId, match.userBId] });
  }
  return inserted.map((m) => m.id);
}
