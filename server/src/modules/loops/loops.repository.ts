import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { loopEvents, loopLegs, loops } from '../../db/schema/index';
import { sneakerListingsSubquery } from '../sneakers/sneaker-records';
import { escrowLockedSneakersSubquery } from '../escrow/escrow-locks';

/** The loops module's queries on loops, their legs and their audit trail. */

export type LoopRow = typeof loops.$inferSelect;
export type LoopLegRow = typeof loopLegs.$inferSelect;
export type LoopChanges = Partial<Omit<typeof loops.$inferInsert, 'id'>>;

export async function insertLoop(
  tx: Db,
  loop: typeof loops.$inferInsert,
  legs: Array<Omit<typeof loopLegs.$inferInsert, 'loopId'>>,
): Promise<LoopRow> {
  const [row] = await tx.insert(loops).values(loop).returning();
  await tx.insert(loopLegs).values(legs.map((leg) => ({ ...leg, loopId: row!.id })));
  return row!;
}

/** The fingerprints of the declined loops (the ones proposed since migration 0028 have one). */
export async function findDeclinedFingerprints(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ fingerprint: loops.fingerprint })
    .from(loops)
    .where(and(eq(loops.status, 'declined'), isNotNull(loops.fingerprint)));
  return new Set(rows.map((r) => r.fingerprint!));
}

/** Row-locks the loop until the transaction ends. */
export async function lockLoop(tx: Db, id: number): Promise<LoopRow | null> {
  const [row] = await tx.select().from(loops).where(eq(loops.id, id)).for('update');
  return row ?? null;
}

export async function findLoop(db: Db, id: number): Promise<LoopRow | null> {
  const [row] = await db.select().from(loops).where(eq(loops.id, id));
  return row ?? null;
}

/** Proposed loops in which both members give a leg. */
export async function findProposedLoopIdsWithBoth(db: Db, a: string, b: string): Promise<number[]> {
  const mine = db.select({ id: loopLegs.loopId }).from(loopLegs).where(eq(loopLegs.fromUserId, a));
  const theirs = db.select({ id: loopLegs.loopId }).from(loopLegs).where(eq(loopLegs.fromUserId, b));
  const rows = await db
    .select({ id: loops.id })
    .from(loops)
    .where(and(eq(loops.status, 'proposed'), inArray(loops.id, mine), inArray(loops.id, theirs)));
  return rows.map((r) => r.id);
}

/** The legs of these loops, in loop then position order. */
export async function findLegs(db: Db, loopIds: number[]): Promise<LoopLegRow[]> {
  if (loopIds.length === 0) return [];
  return db.select().from(loopLegs).where(inArray(loopLegs.loopId, loopIds)).orderBy(asc(loopLegs.loopId), asc(loopLegs.position));
}

/** These legs, by id. */
export async function findLegsByIds(db: Db, ids: number[]): Promise<LoopLegRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(loopLegs).where(inArray(loopLegs.id, ids));
}

/** Saves the new state only if the loop is still in `from`, so two racing transitions cannot both win. */
export async function updateLoopFrom(tx: Db, id: number, from: string, changes: LoopChanges): Promise<LoopRow | null> {
  const [row] = await tx
    .update(loops)
    .set(changes)
    .where(and(eq(loops.id, id), eq(loops.status, from)))
    .returning();
  return row ?? null;
}

export async function updateLeg(tx: Db, id: number, changes: Partial<typeof loopLegs.$inferInsert>): Promise<void> {
  await tx.update(loopLegs).set(changes).where(eq(loopLegs.id, id));
}

export async function insertLoopEvent(tx: Db, values: typeof loopEvents.$inferInsert): Promise<void> {
  await tx.insert(loopEvents).values(values);
}

/**
 * Ids of the loops the member gives a leg in, newest first, below `beforeId`; `limit` at most.
 * Read through the legs' giver index (a member's legs are few: one per loop they are in).
 */
export async function findLoopIdsPageOf(db: Db, userId: string, { beforeId, limit }: { beforeId?: number; limit: number }): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: loopLegs.loopId })
    .from(loopLegs)
    .where(and(eq(loopLegs.fromUserId, userId), beforeId ? lt(loopLegs.loopId, beforeId) : undefined))
    .orderBy(desc(loopLegs.loopId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** These loops, newest first (one query). */
export async function findLoopsByIds(db: Db, ids: number[]): Promise<LoopRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(loops).where(inArray(loops.id, ids)).orderBy(desc(loops.id));
}

/**
 * Loops past a deadline, each with the deadline passed: proposed loops past their acceptance time
 * or holding a pair that can no longer travel (gone, moved to another owner, hidden, or locked by
 * a trade or loop: such a loop could never lock, so it ends now rather than after the full wait)
 * ('expire'); active loops past their ship deadline with a leg unshipped ('ship-deadline'); and
 * active loops with a leg whose receipt nobody confirmed by its receive-by ('auto-receive', read
 * through loop_legs_receive_by_idx). A loop past two deadlines is listed twice.
 */
export async function listLoopsPastDeadline(db: Db, now: Date, afterId: number, limit: number) {
  const unshipped = sql`exists (select 1 from ${loopLegs} where ${loopLegs.loopId} = ${loops.id} and ${loopLegs.shippedAt} is null)`;
  const pairGone = sql`exists (
    select 1 from ${loopLegs} cross join lateral unnest(${loopLegs.sneakerIds}) as pair(id)
    left join ${sneakerListingsSubquery()} s on s.id = pair.id
    where ${loopLegs.loopId} = ${loops.id}
      and (s.id is null or s.user_id <> ${loopLegs.fromUserId} or not s.is_available_for_trade
           or exists (select 1 from ${escrowLockedSneakersSubquery()} l where l.sneaker_id = pair.id)))`;
  type DeadlineAction = 'expire' | 'ship-deadline' | 'auto-receive';
  const due = (action: DeadlineAction, condition: SQL | undefined) =>
    db
      .select({ id: loops.id, status: loops.status, action: sql<DeadlineAction>`${action}::text`.as('action') })
      .from(loops)
      .where(and(gt(loops.id, afterId), condition));
  const overdueReceipt = db
    .selectDistinct({ id: loops.id, status: loops.status, action: sql<DeadlineAction>`'auto-receive'::text`.as('action') })
    .from(loopLegs)
    .innerJoin(loops, eq(loops.id, loopLegs.loopId))
    .where(and(isNull(loopLegs.receivedAt), lte(loopLegs.receiveBy, now), gt(loops.id, afterId), eq(loops.status, 'active')));
  return unionAll(
    due('expire', and(eq(loops.status, 'proposed'), or(lte(loops.acceptBy, now), pairGone))),
    due('ship-deadline', and(eq(loops.status, 'active'), lte(loops.shipBy, now), unshipped)),
    overdueReceipt,
  )
    .orderBy(asc(loops.id))
    .limit(limit);
}

/** Legs of proposed loops the member gives and has not yet answered, soonest deadline first; `limit` at most. */
export async function findUnansweredLegs(db: Db, userId: string, limit: number) {
  return db
    .select({ loopId: loops.id, acceptBy: loops.acceptBy })
    .from(loopLegs)
    .innerJoin(loops, eq(loops.id, loopLegs.loopId))
    .where(and(eq(loopLegs.fromUserId, userId), eq(loops.status, 'proposed'), isNull(loopLegs.acceptedAt)))
    .orderBy(asc(loops.acceptBy), asc(loops.id))
    .limit(limit);
}

/**
 * The ids of every loop the member gives a leg in (and so belongs to), as a subquery of (loop_id),
 * read through the legs' giver index. `userId`: the id, or an SQL expression for it.
 */
export function loopIdsOfMemberSubquery(userId: string | SQLWrapper): SQL {
  return sql`(select loop_id from loop_legs where from_user_id = ${userId}::uuid)`;
}

/** The members of the loop (its legs' givers, in position order); empty when there is no such loop. */
export async function findLoopMemberIds(db: Db, loopId: number): Promise<string[]> {
  return (await findLegs(db, [loopId])).map((leg) => leg.fromUserId);
}
