import { WEEK_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import type { Session } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { sessionMemberJoin } from '../modules/users/session-member';
import { DbSessionStore, deleteSessionsOfUser, ROLLING_WRITE_MS } from './session-store';

function sessionOf(userId: string, expires: number, extra: Record<string, unknown> = {}): Session {
  return { cookie: { expires: new Date(expires).toISOString(), originalMaxAge: WEEK_MS }, userId, ...extra } as unknown as Session;
}

describe('the session store', () => {
  const testApp = useTestApp();
  const call = <T>(run: (done: (error?: unknown, value?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));

  it('moves an unchanged rolling session on at most once a minute, but writes a change at once', async () => {
    const { ctx } = testApp();
    const user = await buildUser(ctx);
    const store = new DbSessionStore(ctx.db, sessionMemberJoin);
    const start = Date.now() + WEEK_MS;
    const expireOf = async () => (await ctx.db.select().from(sessions).where(eq(sessions.sid, 'sid-1')))[0]?.expire.getTime();

    await call((done) => store.set('sid-1', sessionOf(user.id, start), done));
    await call<Session | null>((done) => store.get('sid-1', done));
    await call((done) => store.set('sid-1', sessionOf(user.id, start + 1000), done));
    expect(await expireOf()).toBe(start);

    await call((done) => store.set('sid-1', sessionOf(user.id, start + ROLLING_WRITE_MS), done));
    expect(await expireOf()).toBe(start + ROLLING_WRITE_MS);

    await call((done) => store.set('sid-1', sessionOf(user.id, start + ROLLING_WRITE_MS + 1000, { idToken: 'changed' }), done));
    const read = await call<Session | null>((done) => store.get('sid-1', done));
    expect((read as unknown as { idToken?: string }).idToken).toBe('changed');
  });

  it('never brings back a session ended meanwhile (a suspension) when a request still in flight writes it back', async () => {
    const { ctx } = testApp();
    const user = await buildUser(ctx);
    const store = new DbSessionStore(ctx.db, sessionMemberJoin);
    const start = Date.now() + WEEK_MS;
    await call((done) => store.set('sid-2', sessionOf(user.id, start), done));
    await call<Session | null>((done) => store.get('sid-2', done));

    await deleteSessionsOfUser(ctx.db, user.id);
    await call((done) => store.set('sid-2', sessionOf(user.id, start + 2 * ROLLING_WRITE_MS), done));

    expect(await call<Session | null>((done) => store.get('sid-2', done))).toBeNull();
  });

  it('reads the member with the session, never stores them, and reads no member once suspended or malformed', async () => {
    const { ctx } = testApp();
    const user = await buildUser(ctx);
    const store = new DbSessionStore(ctx.db, sessionMemberJoin);
    const start = Date.now() + WEEK_MS;
    await call((done) => store.set('sid-3', sessionOf(user.id, start), done));

    const read = await call<Session | null>((done) => store.get('sid-3', done));
    expect(read?.member).toEqual({ userId: user.id, user: expect.objectContaining({ id: user.id, email: user.email, role: 'member' }) });

    // Writing the session back (a change, so it is written at once) leaves the member out.
    await call((done) => store.set('sid-3', { ...read!, cookie: sessionOf(user.id, start).cookie, idToken: 'changed' } as Session, done));
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.sid, 'sid-3'));
    expect(row!.sess).toEqual({ cookie: expect.any(Object), userId: user.id, idToken: 'changed' });

    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await call<Session | null>((done) => store.get('sid-3', done)))?.member).toEqual({ userId: user.id, user: null });

    await call((done) => store.set('sid-4', sessionOf('not-a-uuid', start), done));
    expect((await call<Session | null>((done) => store.get('sid-4', done)))?.member).toEqual({ userId: 'not-a-uuid', user: null });
  });
});
