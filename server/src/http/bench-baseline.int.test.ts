import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../test/test-app';

describe('the benchmark baseline route', () => {
  const withBaseline = useTestApp({ BENCH_BASELINE: '1' });
  const without = useTestApp();

  it('answers the bytes it was given, from memory, to GET and POST', async () => {
    const { app } = withBaseline();
    const body = '{"items":[{"id":1,"name":"Jordan 1"}],"nextCursor":null}';
    const put = await app.inject({
      method: 'PUT',
      url: '/api/bench/baseline/browse',
      headers: { origin: TEST_ORIGIN },
      payload: { contentType: 'application/json; charset=utf-8', body },
    });
    expect(put.statusCode).toBe(204);
    const get = await app.inject({ method: 'GET', url: '/api/bench/baseline/browse' });
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe(body);
    expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
    const post = await app.inject({
      method: 'POST',
      url: '/api/bench/baseline/browse',
      headers: { origin: TEST_ORIGIN },
      payload: { content: 'hi' },
    });
    expect(post.body).toBe(body);
  });

  it('does not exist unless BENCH_BASELINE is set', async () => {
    const { app } = without();
    const res = await app.inject({ method: 'GET', url: '/api/bench/baseline/browse' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
