import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { matchRefreshQueue, memberMatches } from '../../db/schema/index';
import { noBlockBetweenSql } from '../blocks/block-guard';
import { tradablePairsSubquery } from '../loops/tradable-pair';

/** The stored two-way matches (member_matches) and the queue of members to compute again (migration 0055). */

export type StoredMatch = typeof memberMatches.$inferInsert;

/** A position in a member's matches, best first: the last row's score and received pair. */
export interface MatchCursor {
  score: number;
  receivePairId: number;
}

/**
 * Replaces every stored match of the member, both ways (as member and as partner), with `rows`
 * (the member's side of each match; the partner's side is written as its mirror image). One
 * transaction, so a reader sees the old set or the new one.
 */
export async function replaceMatchesOf(db: Db, memberId: string, rows: readonly StoredMatch[]): Promise<void> {
  const mirrored = rows.flatMap((r): StoredMatch[] => [
    r,
    {
      memberId: r.partnerId,
      partnerId: r.memberId,
      givePairId: r.receivePairId,
      receivePairId: r.givePairId,
      receiveRank: r.giveRank,
      giveRank: r.receiveRank,
      valueBalance: r.valueBalance,
      score: r.score,
    },
  ]);
  await db.transaction(async (tx) => {
    await tx.delete(memberMatches).where(or(eq(memberMatches.memberId, memberId), eq(memberMatches.partnerId, memberId)));
    // Batches keep each statement's parameters well under the protocol's limit.
    for (let i = 0; i < mirrored.length; i += 2_000) {
      await tx
        .insert(memberMatches)
        .values(mirrored.slice(i, i + 2_000))
        .onConflictDoUpdate({
          target: [memberMatches.memberId, memberMatches.partnerId],
          set: {
            givePairId: sql`excluded.give_pair_id`,
            receivePairId: sql`excluded.receive_pair_id`,
            receiveRank: sql`excluded.receive_rank`,
            giveRank: sql`excluded.give_rank`,
            valueBalance: sql`excluded.value_balance`,
            score: sql`excluded.score`,
          },
        });
    }
  });
}

export interface StoredMatchRow {
  partnerId: string;
  givePairId: number;
  receivePairId: number;
  receiveRank: number;
  valueBalance: number;
  score: number;
}

/**
 * One page of the member's stored matches, best first (score, then the received pair, first listed
 * first), after `cursor`: one range of `member_matches_page_idx`. A row is shown only while both
 * pairs are still tradable and owned as stored, and no block stands between the two members, so a
 * change is never shown late even before the member's matches are computed again. The pair checks
 * are scalar subqueries (with `limit 1`), which PostgreSQL keeps as per-row filters of the index
 * walk: as EXISTS it joins them to all of the member's rows, then sorts (30 ms for 1,000 rows).
 */
export async function findStoredMatchPage(db: Db, memberId: string, limit: number, cursor: MatchCursor | null): Promise<StoredMatchRow[]> {
  // `score <= cursor` first, as the index's range: written only as an OR of the two cases, the
  // planner read every later row of the member (600 for a popular want at 1M), checked each, and
  // sorted them: 180 ms for the second page against 16 ms walking the range in order.
  const after = cursor
    ? sql`and m.score <= ${cursor.score}::float8 and (m.score < ${cursor.score}::float8 or m.receive_pair_id > ${cursor.receivePairId}::int)`
    : sql``;
  const result = await db.execute(sql`
    select m.partner_id, m.give_pair_id, m.receive_pair_id, m.receive_rank, m.value_balance, m.score
    from ${memberMatches} m
    where m.member_id = ${memberId}::uuid ${after}
      and (select true from ${tradablePairsSubquery()} g where g.id = m.give_pair_id and g.user_id = m.member_id limit 1)
      and (select true from ${tradablePairsSubquery()} r where r.id = m.receive_pair_id and r.user_id = m.partner_id limit 1)
      and ${noBlockBetweenSql(sql`m.member_id`, sql`m.partner_id`)}
    order by m.score desc, m.receive_pair_id
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    partnerId: String(r.partner_id),
    givePairId: Number(r.give_pair_id),
    receivePairId: Number(r.receive_pair_id),
    receiveRank: Number(r.receive_rank),
    valueBalance: Number(r.value_balance),
    score: Number(r.score),
  }));
}

/** The first queued members, longest waiting first, with the version each was queued at. */
export async function findQueuedMembers(db: Db, limit: number): Promise<Array<{ memberId: string; version: number }>> {
  return db
    .select({ memberId: matchRefreshQueue.memberId, version: matchRefreshQueue.version })
    .from(matchRefreshQueue)
    .orderBy(asc(matchRefreshQueue.queuedAt), asc(matchRefreshQueue.memberId))
    .limit(limit);
}

/** The version the member is queued at, or null when they are not queued. */
export async function queuedVersionOf(db: Db, memberId: string): Promise<number | null> {
  const [row] = await db.select({ version: matchRefreshQueue.version }).from(matchRefreshQueue).where(eq(matchRefreshQueue.memberId, memberId));
  return row?.version ?? null;
}

/** Takes the member off the queue, unless a change queued them again since `version` was read. */
export async function dequeueMember(db: Db, memberId: string, version: number): Promise<void> {
  await db.delete(matchRefreshQueue).where(and(eq(matchRefreshQueue.memberId, memberId), eq(matchRefreshQueue.version, version)));
}

/** Queues these members (a change the triggers do not see: a trade or loop locking or freeing their pairs). */
export async function queueMembers(db: Db, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .insert(matchRefreshQueue)
    .values([...new Set(memberIds)].map((memberId) => ({ memberId })))
    .onConflictDoUpdate({ target: matchRefreshQueue.memberId, set: { version: sql`${matchRefreshQueue.version} + 1` } });
}
