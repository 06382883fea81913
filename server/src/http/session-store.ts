import { eq, lt, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A rolling session's expiry is written back at most this often while its content stays the same. */
export const ROLLING_WRITE_MS = 60 * 1000;
/** Sessions whose last read or write this instance remembers (to skip needless write-backs). */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The session without its cookie (whose expiry moves on every request), keys sorted: PostgreSQL's
 * jsonb gives keys back in its own order.
 */
function contentOf(session: object): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sorted(v)]));
  };
  return JSON.stringify(sorted({ ...session, cookie: undefined }));
}

/**
 * @fastify/session store on the `sessions` table, so any instance can read any session.
 * The session is rolling (each answer moves its expiry on), but an unchanged session's row is
 * written at most once per ROLLING_WRITE_MS, and then only its expiry, with an UPDATE that never
 * brings back a row deleted meanwhile (a logout elsewhere, a suspension).
 */
export class DbSessionStore implements SessionStore {
  /** sid -> the content and expiry last read or written by this instance. */
  private readonly known = new Map<string, { content: string; expire: number }>();

  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: Callback) {
    const cookie = session.cookie as { expires?: string | Date | null } | undefined;
    const expire = cookie?.expires ? new Date(cookie.expires) : new Date(Date.now() + WEEK_MS);
    const sess = JSON.parse(JSON.stringify(session));
    const content = contentOf(sess);
    const known = this.known.get(sid);
    if (known && known.content === content) {
      if (expire.getTime() - known.expire < ROLLING_WRITE_MS) return callback();
      this.remember(sid, content, expire.getTime());
      this.db
        .update(sessions)
        .set({ sess, expire })
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
      return;
    }
    this.remember(sid, content, expire.getTime());
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => callback(), (error) => {
        this.known.delete(sid);
        callback(error);
      });
  }

  get(sid: string, callback: GetCallback) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expire.getTime() < Date.now()) {
          this.known.delete(sid);
          return callback(undefined, null);
        }
        this.remember(sid, contentOf(row.sess as object), row.expire.getTime());
        callback(undefined, row.sess as Session);
      }, (error) => callback(error));
  }

  destroy(sid: string, callback: Callback) {
    this.known.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
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
