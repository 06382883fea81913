import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('early access', () => {
  const testApp = useTestApp();

  it('rejects a missing name and a bad e-mail with field messages, storing nothing', async () => {
    const visitor = new TestClient(testApp().app);
    const res = await visitor.post('/api/early-signup', { name: ' ', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toMatchObject({ name: 'Name is required', email: 'Enter a valid e-mail address' });
    const admin = await signIn(testApp().app, { email: 'admin1@soleswap.local', role: 'admin' });
    expect((await admin.get('/api/admin/early-signups')).body).toEqual([]);
  });

  it('keeps one row per e-mail and shows the list and CSV to admins only', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.post('/api/early-signup', { name: 'Ada', email: 'Ada@Example.com', signupDate: new Date().toISOString() })).status).toBe(200);
    expect((await visitor.post('/api/early-signup', { name: 'Ada again', email: 'ada@example.com' })).status).toBe(200);

    expect((await visitor.get('/api/admin/early-signups')).status).toBe(401);
    const member = await signIn(testApp().app, { email: 'member@example.com' });
    expect((await member.get('/api/admin/early-signups')).status).toBe(403);

    const admin = await signIn(testApp().app, { email: 'admin2@soleswap.local', role: 'admin' });
    const list = await admin.get('/api/admin/early-signups');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com', source: 'coming_soon_page', notified: false });

    const csv = await admin.get('/api/admin/early-signups.csv');
    expect(csv.headers['content-disposition']).toMatch(/soleswap-signups-\d{4}-\d{2}-\d{2}\.csv/);
    expect(String(csv.body)).toContain('"Ada","ada@example.com"');
  });
});
