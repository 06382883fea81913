import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../test/test-app';

/**
 * "Bad input gets a clear 4xx and never a 500": every API route the app registers (read from the
 * OpenAPI document, so new routes are covered automatically) is called with malformed path
 * parameters and bodies, as a visitor, a member and an admin.
 */
const BAD_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', "1' or '1'='1", '%00', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
const BAD_BODIES: unknown[] = [
  {},
  [],
  'just a string',
  { id: { $gt: 1 } },
  { name: 'x'.repeat(100_000), email: 'a'.repeat(300), status: 'accepted', score: 'five', receiverId: 'nobody' },
  { proposerSneakerIds: ['a'], receiverSneakerIds: [1e20], receiverId: '00000000-0000-0000-0000-000000000000' },
  { isAvailableForTrade: 'yes', estimatedValue: -5, condition: 42, size: '99', brand: 'Nobrand' },
  { outcome: 'maybe', reason: '', trackingNumber: { nested: true }, dataUrl: 'data:image/png;base64,!!!' },
];
// /api/events is an endless event stream for a member; its malformed Last-Event-ID answers are tested in
// server/src/modules/live/live-events.int.test.ts.
const SKIP = new Set(['/api/logout', '/api/login', '/api/callback', '/api/debug/force-auth', '/api/events']);

describe('bad input never produces a 500', () => {
  const testApp = useTestApp();

  it('answers a body that is not JSON with 400', async () => {
    const { app } = testApp();
    const res = await app.inject({ method: 'POST', url: '/api/early-signup', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers every route with a 4xx JSON error or a success, never a 5xx', async () => {
    const { app } = testApp();
    const doc = (await new TestClient(app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(30);

    const callers = [
      new TestClient(app),
      await signIn(app, { email: 'fuzz-member@example.com', username: 'fuzzmember' }),
      await signIn(app, { email: 'fuzz-admin@example.com', username: 'fuzzadmin', role: 'admin' }),
    ];
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (SKIP.has(path)) continue;
      for (const param of BAD_PARAMS) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param)) + (method === 'GET' ? `?limit=${param}&cursor=${param}&q=%25_&ids=${param}&hours=${param}` : '');
        const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES;
        for (const caller of callers) {
          for (const body of bodies) {
            const res = await caller.request(method as 'GET', url, body, body === undefined ? {} : { 'content-type': 'application/json' });
            if (res.status >= 500) failures.push(`${method} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            else if (res.status >= 400) {
              if (typeof res.body !== 'object' || typeof res.body.message !== 'string' || typeof res.body.code !== 'string') {
                failures.push(`${method} ${url} -> ${res.status} without { code, message }`);
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
