import { describe, expect, it } from 'vitest';
import { setSuspension } from '../modules/users/suspension.repository';
import { updateUser } from '../modules/users/users.repository';
import { buildUser } from '../../test/factories';
import { QueryLog, signIn, TestClient, useTestApp } from '../../test/test-app';

/**
 * On the embedded database a member's session and member are read once and then kept in memory
 * (session-cache.ts); on PostgreSQL every request reads them. Either way, whatever changes the
 * member, by the API or through the users module's repositories (as a job does), shows on their
 * very next request; a write that changes no signed-in member keeps the kept sessions.
 */
const log = new QueryLog();

describe('who a request is signed in as', () => {
  const testApp = useTestApp({}, { logger: log });
  let members = 0;
  const member = () => {
    members += 1;
    return signIn(testApp().app, { email: `session-cache-${members}@example.test`, username: `sessioncache${members}` });
  };
  const sessionReads = () => log.take().filter((entry) => /from "sessions"/.test(entry.sql)).length;

  it('is read from the database once on the embedded database, on every request on PostgreSQL', async () => {
    const ann = await member();
    await ann.get('/api/auth/user');
    log.take();
    expect((await ann.get('/api/auth/user')).status).toBe(200);
    expect((await ann.get('/api/notifications')).status).toBe(200);
    expect(sessionReads()).toBe(testApp().ctx.database.kind === 'pglite' ? 0 : 2);
  });

  it("shows a change written by the users module's repository (as a job writes) on the next request", async () => {
    const bea = await member();
    expect((await bea.get('/api/auth/user')).body.bio).toBeNull();
    await updateUser(testApp().ctx.db, bea.user.id, { bio: 'Collects Dunks' });
    expect((await bea.get('/api/auth/user')).body.bio).toBe('Collects Dunks');
  });

  it("shows a profile edited in one of the member's sessions in the other at once", async () => {
    const cat = await member();
    const phone = new TestClient(testApp().app);
    phone.cookie = cat.cookie;
    const laptop = await signIn(testApp().app, { email: cat.user.email });
    expect((await phone.get('/api/auth/user')).body.username).toBe(cat.user.username);
    expect((await laptop.request('PATCH', '/api/auth/user', { username: 'cat_renamed' })).status).toBe(200);
    expect((await phone.get('/api/auth/user')).body.username).toBe('cat_renamed');
  });

  it('signs a member suspended outside a request out on their very next request', async () => {
    const dan = await member();
    expect((await dan.get('/api/auth/user')).status).toBe(200);
    const at = new Date();
    await testApp().ctx.db.transaction((tx) => setSuspension(tx, dan.user.id, { suspendedAt: at, suspendedReason: 'spam', at }));
    expect((await dan.get('/api/auth/user')).status).toBe(401);
    expect((await dan.get('/api/notifications')).status).toBe(401);
  });

  it("keeps a member's session in memory when another member signs up (no statement text is read)", async () => {
    const fay = await member();
    await fay.get('/api/auth/user');
    await buildUser(testApp().ctx, { email: 'newcomer@example.test', username: 'newcomer' });
    log.take();
    expect((await fay.get('/api/auth/user')).status).toBe(200);
    expect(sessionReads()).toBe(testApp().ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it('does not answer a session that was signed out, even with its old cookie', async () => {
    const eve = await member();
    const cookie = eve.cookie;
    expect((await eve.get('/api/auth/user')).status).toBe(200);
    expect((await eve.post('/api/logout')).status).toBe(204);
    eve.cookie = cookie;
    expect((await eve.get('/api/auth/user')).status).toBe(401);
  });
});
