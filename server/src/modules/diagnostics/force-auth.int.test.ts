import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { changeRoleByEmail } from '../users/change-role';
import { TestClient, useTestApp } from '../../../test/test-app';

describe('the development login', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });

  it('survives fifty simultaneous first logins with one new e-mail: all succeed, one member exists', async () => {
    const { app, ctx } = testApp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => new TestClient(app).post('/api/debug/force-auth', { email: 'rush@example.com', username: 'rush' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.user.id)).size).toBe(1);
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'rush@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('makes an ADMIN_EMAILS address an admin, like every other way of signing in', async () => {
    const client = new TestClient(testApp().app);
    const res = await client.post('/api/debug/force-auth', { email: 'Boss@Example.com', username: 'boss' });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
    expect((await client.get('/api/auth/user')).body.role).toBe('admin');
  });

  it('keeps an admin made by an operator an admin, though the address is not in ADMIN_EMAILS', async () => {
    const { app, ctx } = testApp();
    await new TestClient(app).post('/api/debug/force-auth', { email: 'ops@example.com' });
    expect((await changeRoleByEmail(ctx, 'ops@example.com', 'admin')).outcome).toBe('changed');
    const res = await new TestClient(app).post('/api/debug/force-auth', { email: 'ops@example.com' });
    expect(res.body.user.role).toBe('admin');
  });

  it('keeps other addresses plain members', async () => {
    const res = await new TestClient(testApp().app).post('/api/debug/force-auth', { email: 'fan@example.com' });
    expect(res.body.user.role).toBe('member');
  });
});

describe('the development login on a production server with ENABLE_DEV_LOGIN=1', () => {
  const testApp = useTestApp({ NODE_ENV: 'production', ENABLE_DEV_LOGIN: '1', SESSION_SECRET: 'x'.repeat(40) });

  it('refuses a chosen role with 400 and creates nobody, so the tool cannot mint an admin', async () => {
    const { app, ctx } = testApp();
    const res = await new TestClient(app).post('/api/debug/force-auth', { email: 'mint@example.com', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { role: expect.any(String) } });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'mint@example.com'))).toEqual([]);
    // The documented body still signs in.
    const plain = await new TestClient(app).post('/api/debug/force-auth', { email: 'mint@example.com', username: 'mint' });
    expect(plain.status).toBe(200);
    expect(plain.body.user.role).toBe('member');
  });
});
