import { rowsOf } from '../../db/raw-rows';
import { and, desc, eq, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userBlocks } from '../../db/schema/index';

/** Namespace of the pair locks below (the first key of the two-key advisory lock). */
const PAIR_LOCK_CLASS = 7_201;

/**
 * A transaction-scoped lock on the pair of members, whichever order they come in. Blocking
 * takes it exclusively; anything that creates a link between the two (a proposal, a follow)
 * takes it shared while it checks for a block and writes. So a block either sees the new
 * proposal (and cancels it) or the proposal sees the block (and is refused): never neither.
 */
export async function lockPair(db: Db, a: string, b: string, mode: 'shared' | 'exclusive') {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  const fn = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
  await db.execute(sql`select ${fn}(${sql.raw(String(PAIR_LOCK_CLASS))}, hashtext(${key}))`);
}

/**
 * lockPair's shared lock as an SQL expression over two uuid expressions (columns of the statement
 * it goes in): the same key, since uuids order as their lowercase text does.
 */
export function sharedPairLockSql(a: SQLWrapper, b: SQLWrapper): SQL {
  return sql`pg_advisory_xact_lock_shared(${sql.raw(String(PAIR_LOCK_CLASS))}, hashtext(least(${a}, ${b})::text || ':' || greatest(${a}, ${b})::text))`;
}

/** existsBlockEitherWay's question, negated, as an SQL condition over two uuid expressions. */
export function noBlockEitherWaySql(a: SQLWrapper, b: SQLWrapper): SQL {
  return sql`not exists (select 1 from user_blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}))`;
}

/** Inserts the block unless it exists; true when a row was added. */
export async function insertBlockOnce(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing({ target: [userBlocks.blockerId, userBlocks.blockedId] })
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.id })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return Boolean(row);
}

/** Whether either member blocks the other (both directions are served by an index). */
export async function existsBlockEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.id })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}

/** Everyone the member blocks or is blocked by. */
export async function findBlockedEitherWayIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.execute(sql`
    select blocked_id as id from user_blocks where blocker_id = ${userId}::uuid
    union
    select blocker_id as id from user_blocks where blocked_id = ${userId}::uuid`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** Every block whose two members are both among `memberIds`, as [blocker, blocked]; one statement. */
export async function findBlocksAmong(db: Db, memberIds: readonly string[]): Promise<Array<[string, string]>> {
  if (memberIds.length === 0) return [];
  const ids = sql`${`{${memberIds.join(',')}}`}::uuid[]`;
  const rows = await db.execute(sql`
    select blocker_id as "blockerId", blocked_id as "blockedId" from user_blocks
    where blocker_id = any(${ids}) and blocked_id = any(${ids})`);
  return rowsOf<{ blockerId: string; blockedId: string }>(rows).map((r) => [r.blockerId, r.blockedId]);
}

/** A page of the ids of the members `blockerId` blocks, newest block first; one row more than `limit`. */
export async function findBlocksPage(db: Db, blockerId: string, afterId: number | undefined, limit: number) {
  return db
    .select({ linkId: userBlocks.id, blockedAt: userBlocks.createdAt, memberId: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), afterId === undefined ? undefined : lt(userBlocks.id, afterId)))
    .orderBy(desc(userBlocks.id))
    .limit(limit + 1);
}
