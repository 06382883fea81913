import { rowsOf } from '../../db/raw-rows';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveStreams } from '../../db/schema/index';

/** Keeps these advisory locks apart from every other one the app takes. */
const STREAM_LOCK_SPACE = 0x4c535452; // "LSTR"

/**
 * Files an open stream of the member on this instance, unless they already hold `max` unexpired
 * ones across all instances: the new row's id, or null when the cap is reached. The member's
 * lock (until commit) makes two simultaneous opens count one after the other; it is taken by an
 * earlier statement than the count, so the count sees a row committed while it waited.
 */
export async function insertLiveStreamUnderCap(
  db: Db,
  { userId, instanceId, max, leaseMs }: { userId: string; instanceId: string; max: number; leaseMs: number },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STREAM_LOCK_SPACE}::int, hashtext(${userId}))`);
    const result = await tx.execute(sql`
      with expired as (
        delete from live_streams where user_id = ${userId}::uuid and expires_at <= now()
      )
      insert into live_streams (user_id, instance_id, expires_at)
      select ${userId}::uuid, ${instanceId}, now() + ${leaseMs} * interval '1 millisecond'
      where (select count(*) from live_streams where user_id = ${userId}::uuid and expires_at > now()) < ${max}
      returning id`);
    const [row] = rowsOf<{ id: number | string }>(result);
    return row ? Number(row.id) : null;
  });
}

/**
 * Moves the expiry of this instance's streams on, and deletes rows long expired (an instance
 * that crashed, members who never came back).
 */
export async function renewLiveStreams(db: Db, { instanceId, leaseMs }: { instanceId: string; leaseMs: number }): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from live_streams where expires_at < now() - ${leaseMs} * interval '1 millisecond'
    )
    update live_streams set expires_at = now() + ${leaseMs} * interval '1 millisecond' where instance_id = ${instanceId}`);
}

export async function deleteLiveStream(db: Db, id: number): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}
