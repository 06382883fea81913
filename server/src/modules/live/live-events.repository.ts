import { rowsOf } from '../../db/raw-rows';
import { and, asc, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema/index';
import { LIVE_CHANNEL, NOTIFY_IDS_PER_MESSAGE } from './live-config';

export type LiveEventRow = typeof liveEvents.$inferSelect;

/** Keeps these advisory locks apart from every other one the app takes. */
const LIVE_LOCK_SPACE = 0x4c495645; // "LIVE"

/** FNV-1a: a stable 32-bit key per member for the advisory lock (a clash only serialises two members). */
function lockKey(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Inserts the rows and announces their ids, in ONE statement (a single round trip), inside the
 * caller's transaction:
 *
 * 1. It first takes each recipient's lock (held until the transaction ends). A browser resumes
 *    after the last id it saw, so one member's ids must commit in increasing order: without the
 *    lock, an earlier id still in flight could commit after a later one was sent and be skipped
 *    for good. Keys are taken in ascending order (unnest keeps the array's order) so two
 *    publishers never wait on each other in a cycle. The rows are joined to the locks' result, so
 *    no row (and no id) is produced before every lock is held.
 * 2. It inserts the rows; ids come from the identity in the order of the rows.
 * 3. It queues one notification per NOTIFY_IDS_PER_MESSAGE ids; PostgreSQL delivers them to every
 *    instance's listener only if the transaction commits.
 *
 * Returns the new rows' ids, ascending.
 */
export async function insertAndAnnounceLiveEvents(tx: Db, rows: Array<{ userId: string; kind: string; payload: unknown }>): Promise<number[]> {
  if (rows.length === 0) return [];
  const keys = [...new Set(rows.map((row) => lockKey(row.userId)))].sort((a, b) => a - b);
  const values = JSON.stringify(rows.map((row, ord) => ({ ord, user_id: row.userId, kind: row.kind, payload: row.payload })));
  // One notification for the usual handful of ids; chunks (numbered by a window) only when they would not fit.
  const announce =
    rows.length <= NOTIFY_IDS_PER_MESSAGE
      ? sql`select pg_notify(${LIVE_CHANNEL}, string_agg(id::text, ',' order by id)) as sent from inserted`
      : sql`
      select pg_notify(${LIVE_CHANNEL}, string_agg(id::text, ',' order by id)) as sent
      from (select id, (row_number() over (order by id) - 1) / ${NOTIFY_IDS_PER_MESSAGE}::int as chunk from inserted) chunks
      group by chunk`;
  const result = await tx.execute(sql`
    with locked as materialized (
      select count(pg_advisory_xact_lock(${LIVE_LOCK_SPACE}::int, k)) as n from unnest(${`{${keys.join(',')}}`}::int[]) as k
    ),
    inserted as (
      insert into live_events (user_id, kind, payload)
      select r.user_id, r.kind, r.payload
      from locked, jsonb_to_recordset(${values}::jsonb) as r(ord int, user_id uuid, kind text, payload jsonb)
      order by r.ord
      returning id
    ),
    announced as (${announce})
    select (select count(*) from announced)::int as announced, coalesce(array_agg(id order by id), '{}') as ids from inserted
  `);
  const [row] = rowsOf<{ ids: Array<number | string> }>(result);
  return (row?.ids ?? []).map(Number);
}

export async function findLiveEventsByIds(db: Db, ids: number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id));
}

/** One member's events after `afterId`, oldest first. */
export async function findLiveEventsAfter(db: Db, userId: string, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The member's newest event id, 0 when they have none. */
export async function findLatestLiveEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return Number(row?.id ?? 0);
}

/** The oldest id still kept (any member), or null when nothing is kept. */
export async function findOldestLiveEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(liveEvents.id) }).from(liveEvents);
  return row?.id == null ? null : Number(row.id);
}

export async function deleteLiveEventsBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db.delete(liveEvents).where(lt(liveEvents.createdAt, cutoff)).returning({ id: liveEvents.id });
  return deleted.length;
}

/** Sends one message on the live channel (inside a transaction: at commit, only if it commits). */
export async function notifyLiveChannel(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}
