import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, useTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/launch', () => {
  const testApp = useTestApp();

  it('tells a visitor trading is open on a new install (no LAUNCH_STATE)', async () => {
    const res = await new TestClient(testApp().app).get('/api/launch');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ launchState: 'open' });
  });
});

describe('GET /api/launch before launch', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ LAUNCH_STATE: 'early-access' });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('says early-access when LAUNCH_STATE=early-access', async () => {
    expect((await new TestClient(testApp.app).get('/api/launch')).body).toEqual({ launchState: 'early-access' });
  });
});
