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
 * Holds each recipient's lock until the transaction ends. A browser resumes after the last id it
 * saw, so one member's ids must commit in increasing order: without this, an earlier id still in
 * flight could commit after a later one was sent and be skipped for good. Keys are taken in
 * ascending order so two publishers never wait on each other in a cycle.
 */
export async function lockRecipients(tx: Db, userIds: string[]) {
  const keys = [...new Set(userIds.map(lockKey))].sort((a, b) => a - b);
  if (keys.length === 0) return;
  const list = sql.join(
    keys.map((k) => sql`${k}::int`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_SPACE}::int, k) from unnest(array[${list}]) as k`);
}

export async function insertLiveEvents(tx: Db, rows: Array<{ userId: string; kind: string; payload: unknown }>) {
  if (rows.length === 0) return [];
  return tx.insert(liveEvents).values(rows).returning({ id: liveEvents.id, userId: liveEvents.userId });
}

/** Queues one notification per chunk of ids; PostgreSQL delivers them only if the transaction commits. */
export async function notifyLiveEvents(tx: Db, ids: number[]) {
  for (let i = 0; i < ids.length; i += NOTIFY_IDS_PER_MESSAGE) {
    const payload = ids.slice(i, i + NOTIFY_IDS_PER_MESSAGE).join(',');
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }
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
