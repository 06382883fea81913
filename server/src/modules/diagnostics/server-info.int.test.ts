import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../test/test-app';
import { testDatabaseKind } from '../../../test/test-database';

const SECRETS = {
  SESSION_SECRET: 'sess-secret-sess-secret-sess-secret-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_supersecretvalue123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_publishablevalue123',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhooksecretvalue123',
  SMTP_URL: 'smtp://mailer:hunter2password@mail.example:587',
};

describe('GET /api/debug/server-info in development', () => {
  const testApp = useTestApp({ NODE_ENV: 'development', APP_ORIGINS: 'http://192.168.1.20:5000', ...SECRETS });

  it('tells the non-secret facts about the running server', async () => {
    const res = await new TestClient(testApp().app).get('/api/debug/server-info');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      nodeVersion: process.version,
      nodeEnv: 'development',
      database: testDatabaseKind(),
      appOrigins: ['http://localhost:5000', 'http://192.168.1.20:5000'],
      identityProvider: 'embedded',
    });
    expect(typeof res.body.version).toBe('string');
    expect(Number.isInteger(res.body.uptimeSeconds)).toBe(true);
  });

  it('never carries a secret, a key or a connection string', async () => {
    const res = await new TestClient(testApp().app).get('/api/debug/server-info');
    const text = JSON.stringify(res.body);
    for (const value of [...Object.values(SECRETS), 'hunter2password', testApp().ctx.env.SESSION_SECRET]) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toMatch(/postgres(ql)?:\/\/|sk_(test|live)_|whsec_|smtps?:\/\//);
    expect(Object.keys(res.body).filter((key) => /secret|password|key|token|url/i.test(key))).toEqual([]);
  });
});

describe('the development tools in production', () => {
  const testApp = useTestApp({ NODE_ENV: 'production' });

  it('answer 404, so the pages say the tool is disabled', async () => {
    const client = new TestClient(testApp().app);
    const info = await client.get('/api/debug/server-info');
    expect(info.status).toBe(404);
    expect(info.body.nodeEnv).toBeUndefined();
    const login = await client.post('/api/debug/force-auth', { email: 'someone@example.com' });
    expect(login.status).toBe(404);
    expect(login.body.user).toBeUndefined();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('answers 404 on every /api/debug route in the route table, whatever the method', async () => {
    const { app } = testApp();
    const routes = [...app.printRoutes({ commonPrefix: false }).matchAll(/(\/api\/debug\/\S+) \(([^)]+)\)/g)].flatMap(([, url, methods]) =>
      methods!.split(',').map((method) => ({ url: url!, method: method.trim() })),
    );
    // The tools this test knows of are in the table; any added later is covered as well.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/debug/force-auth', 'GET /api/debug/server-info']));
    for (const { url, method } of routes) {
      const res = await app.inject({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'DISABLED' });
    }
  });
});

describe('the development tools in production with ENABLE_DEV_LOGIN=1', () => {
  const testApp = useTestApp({ NODE_ENV: 'production', ENABLE_DEV_LOGIN: '1' });

  it('answer, for a deliberate staging set-up', async () => {
    const res = await new TestClient(testApp().app).get('/api/debug/server-info');
    expect(res.status).toBe(200);
    expect(res.body.nodeEnv).toBe('production');
  });
});
