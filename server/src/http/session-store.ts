import { canonicalJson } from '@soleswap/contracts/canonical-json';
import { WEEK_MS } from '@soleswap/contracts/time';
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { User } from '@soleswap/contracts/users';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';
import { SerialBatches } from '../serial-batches';
import type { SessionCache } from './session-cache';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

/** A rolling session's expiry is written back at most this often while its content stays the same. */
export const ROLLING_WRITE_MS = 60 * 1000;
/** Sessions whose last read or write this instance remembers (to skip needless write-backs). */
const REMEMBERED_SESSIONS = 10_000;

/**
 * How a session's member is read in the same statement as the session. The users module provides
 * it (the http layer knows no module): which member row belongs to the session's user id, and how
 * that row becomes a User.
 */
export interface SessionMemberJoin {
  table: PgTable;
  /** The member's columns to read, under the keys toMember expects. */
  columns: Record<string, PgColumn>;
  /**
   * The join condition for the session's user id (`userId`, text, possibly malformed): only a member
   * who may still be signed in (a suspended member has no row here).
   */
  on(userId: SQL): SQL;
  toMember(row: Record<string, unknown>): User;
}

/** Keys of the session that are never written to the store. */
const UNSTORED = new Set(['cookie', 'member']);

/**
 * The session without its cookie (whose expiry moves on every request) and the member read with
 * it, keys sorted: PostgreSQL's jsonb gives keys back in its own order.
 */
function contentOf(session: object): string {
  const top = Object.entries(session).filter(([key]) => !UNSTORED.has(key));
  return canonicalJson(Object.fromEntries(top));
}

/** The session as stored: its values and cookie as JSON, without the member read with it. */
function storedForm(session: Session): object {
  return JSON.parse(
    JSON.stringify(session, function (this: unknown, key: string, value: unknown) {
      return this === session && key === 'member' ? undefined : value;
    }),
  ) as object;
}

/**
 * The sessions of some sids (a JSON array) with their members, as one statement prepared under its
 * own name: built once per store, and on PostgreSQL parsed once per connection.
 */
function prepareRead(db: Db, { table, columns, on }: SessionMemberJoin) {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire, member: columns })
    .from(sessions)
    .leftJoin(table, on(sql`${sessions.sess}->>'userId'`))
    .where(sql`${sessions.sid} in (select jsonb_array_elements_text(${sql.placeholder('sids')}::jsonb))`)
    .prepare('sessions_with_members');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareRead>['execute']>>[number];
/** A session read waiting for its batch. */
type PendingRead = { sid: string; settle: (error: unknown, row?: SessionRow) => void };

/**
 * @fastify/session store on the `sessions` table, so any instance can read any session.
 * Reading a session reads its member in the same statement (a join, see SessionMemberJoin): the
 * session comes back with `member`, which is never written. A signed-in request thus costs one
 * statement before its own work.
 * The session is rolling (each answer moves its expiry on), but an unchanged session's row is
 * written at most once per ROLLING_WRITE_MS, and then only its expiry, with an UPDATE that never
 * brings back a row deleted meanwhile (a logout elsewhere, a suspension).
 * With a SessionCache (the embedded database), a signed-in session is read once and then answered
 * from memory until something changes; a session this store writes with new content, or deletes,
 * empties that cache.
 */
export class DbSessionStore implements SessionStore {
  /** sid -> the content and expiry last read or written by this instance. */
  private readonly known = new Map<string, { content: string; expire: number }>();

  /** The read of sessions with their members, built and prepared once (building it was about a twentieth of a member's read). */
  private readonly read: ReturnType<typeof prepareRead>;

  /**
   * Sessions are read in batches: the sessions asked for while a read is under way are read
   * together by the next one, so concurrent requests share a statement (a round trip costs a
   * request more than the read itself), and a lone request still costs one.
   */
  private readonly reads = new SerialBatches<PendingRead>((batch) => this.readBatch(batch));

  constructor(
    private readonly db: Db,
    private readonly members: SessionMemberJoin,
    private readonly cache?: SessionCache,
  ) {
    this.read = prepareRead(db, members);
  }

  set(sid: string, session: Session, callback: Callback) {
    const cookie = session.cookie as { expires?: string | Date | null } | undefined;
    const expire = cookie?.expires ? new Date(cookie.expires) : new Date(Date.now() + WEEK_MS);
    const content = contentOf(session);
    const known = this.known.get(sid);
    if (known && known.content === content) {
      if (expire.getTime() - known.expire < ROLLING_WRITE_MS) return callback();
      const sess = storedForm(session);
      this.remember(sid, content, expire.getTime());
      this.db
        .update(sessions)
        .set({ sess, expire })
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
      return;
    }
    const sess = storedForm(session);
    this.remember(sid, content, expire.getTime());
    this.cache?.invalidate();
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(
        () => {
          // Invalidated again once written: a read that began before the write may have kept the old content.
          this.cache?.invalidate();
          callback();
        },
        (error) => {
          this.known.delete(sid);
          callback(error);
        },
      );
  }

  get(sid: string, callback: GetCallback) {
    const { toMember } = this.members;
    const kept = this.cache?.find(sid, Date.now());
    if (kept) return callback(undefined, kept);
    const stamp = this.cache?.stamp ?? 0;
    this.reads.add([
      {
        sid,
        settle: (error, row) => {
          if (error) return callback(error);
          if (!row || row.expire.getTime() < Date.now()) {
            this.known.delete(sid);
            return callback(undefined, null);
          }
          const sess = row.sess as { userId?: unknown };
          this.remember(sid, contentOf(sess), row.expire.getTime());
          const member = typeof sess.userId === 'string' ? { userId: sess.userId, user: row.member ? toMember(row.member) : null } : undefined;
          const session = { ...sess, ...(member ? { member } : {}) } as Session;
          this.cache?.keep(sid, session, row.expire.getTime(), stamp);
          callback(undefined, session);
        },
      },
    ]);
  }

  private async readBatch(batch: PendingRead[]) {
    let rows: SessionRow[];
    try {
      rows = await this.read.execute({ sids: JSON.stringify([...new Set(batch.map((pending) => pending.sid))]) });
    } catch (error) {
      for (const pending of batch) pending.settle(error);
      return;
    }
    const bySid = new Map(rows.map((row) => [row.sid, row]));
    for (const pending of batch) pending.settle(undefined, bySid.get(pending.sid));
  }

  destroy(sid: string, callback: Callback) {
    this.known.delete(sid);
    this.cache?.forget(sid);
    this.cache?.invalidate();
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => {
        this.cache?.invalidate();
        callback();
      }, callback);
  }

  private remember(sid: string, content: string, expire: number) {
    this.known.delete(sid);
    this.known.set(sid, { content, expire });
    if (this.known.size > REMEMBERED_SESSIONS) this.known.delete(this.known.keys().next().value!);
  }
}

/** Removes expired sessions; run by the scheduler. */
export async function sweepExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

/** Ends every session of a member at once (a suspension): their next request is signed out. */
export async function deleteSessionsOfUser(db: Db, userId: string) {
  await db.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
}
