import { eq, lt, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** @fastify/session store on the `sessions` table, so any instance can read any session. */
export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: Callback) {
    const cookie = session.cookie as { expires?: string | Date | null } | undefined;
    const expire = cookie?.expires ? new Date(cookie.expires) : new Date(Date.now() + WEEK_MS);
    const sess = JSON.parse(JSON.stringify(session));
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expire.getTime() < Date.now()) return callback(undefined, null);
        callback(undefined, row.sess as Session);
      }, (error) => callback(error));
  }

  destroy(sid: string, callback: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
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
