import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('users and sessions', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'boss@soleswap.local' });

  it('answers 401 for a visitor asking who is signed in', async () => {
    const visitor = new TestClient(testApp().app);
    const res = await visitor.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('keeps a member signed in across requests and shows them their own e-mail', async () => {
    const alice = await signIn(testApp().app, { email: 'alice@example.com', username: 'alice' });
    const me = await alice.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'alice@example.com', username: 'alice', reputation: '0.00', role: 'member' });
  });

  it('hides a member e-mail from other members', async () => {
    const alice = await signIn(testApp().app, { email: 'alice2@example.com', username: 'alice2' });
    const bob = await signIn(testApp().app, { email: 'bob@example.com', username: 'bob' });
    const res = await bob.get(`/api/users/${alice.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('alice2');
    expect(res.body.email).toBeNull();
  });

  it('answers 404, not 500, for an unknown or malformed user id', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get('/api/users/not-a-uuid')).status).toBe(404);
    expect((await visitor.get('/api/users/00000000-0000-0000-0000-000000000000/stats')).status).toBe(404);
  });

  it('counts a new member stats as zero', async () => {
    const carol = await signIn(testApp().app, { email: 'carol@example.com' });
    const res = await carol.get(`/api/users/${carol.user.id}/stats`);
    expect(res.body).toEqual({ sneakerCount: 0, tradeCount: 0, followerCount: 0, followingCount: 0 });
  });

  it('rejects a state-changing request from another site', async () => {
    const visitor = new TestClient(testApp().app);
    const res = await visitor.post('/api/early-signup', { name: 'Eve', email: 'eve@example.com' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
  });

  it('reports database health', async () => {
    const res = await new TestClient(testApp().app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.database.reachable).toBe(true);
    expect(res.body.database.version).toMatch(/PostgreSQL/);
  });
});

describe('force-auth in production', () => {
  const testApp = useTestApp({ NODE_ENV: 'production' });

  it('answers 404 and signs nobody in', async () => {
    const client = new TestClient(testApp().app);
    const res = await client.post('/api/debug/force-auth', { email: 'x@example.com' });
    expect(res.status).toBe(404);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/debug/server-info')).status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  const testApp = useTestApp();

  it('lists the registered API routes with request bodies from the shared schemas', async () => {
    const res = await new TestClient(testApp().app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/users/{id}'].get).toBeDefined();
    const body = res.body.paths['/api/early-signup'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['name', 'email']));
  });
});
