// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { ApiError, apiRequest, getJson, toUserMessage } from './api-client';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('ApiError from a non-OK answer', () => {
  it('keeps "status: body" as the message and parses the error body', async () => {
    const body = { code: 'VALIDATION_FAILED', message: 'Check the form', fields: { email: 'Enter a valid e-mail address' } };
    server.use(http.post('*/api/early-signup', () => HttpResponse.json(body, { status: 400 })));

    const error = await caught(apiRequest('POST', '/api/early-signup', { name: 'A', email: 'x' }));

    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.serverMessage).toBe('Check the form');
    expect(error.fields).toEqual({ email: 'Enter a valid e-mail address' });
  });

  it('uses the status text when the body is empty', async () => {
    server.use(http.get('*/api/users/u1', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })));

    const error = await caught(getJson('/api/users/u1'));

    expect(error.message).toBe('503: Service Unavailable');
    expect(error.code).toBeNull();
    expect(error.serverMessage).toBeNull();
  });

  it('keeps a non-JSON body readable and leaves the code empty', async () => {
    server.use(http.get('*/api/users/u1', () => HttpResponse.text('<h1>Bad gateway</h1>', { status: 502 })));

    const error = await caught(getJson('/api/users/u1'));

    expect(error.message).toBe('502: <h1>Bad gateway</h1>');
    expect(error.code).toBeNull();
    expect(toUserMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it('does not trust an unknown code', async () => {
    server.use(http.get('*/api/users/u1', () => HttpResponse.json({ code: 'MADE_UP', message: 'Nope' }, { status: 409 })));

    const error = await caught(getJson('/api/users/u1'));

    expect(error.code).toBeNull();
    expect(toUserMessage(error, 'fallback')).toBe('Nope');
  });
});

describe('getJson and 401', () => {
  it('reads 401 as "signed out" (null) when asked to', async () => {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 })));

    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 })));

    const error = await caught(getJson('/api/auth/user'));

    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.message.startsWith('401: ')).toBe(true);
  });
});

describe('apiRequest', () => {
  it('sends the body as JSON with cookies and returns the parsed answer', async () => {
    let seen: { contentType: string | null; credentials: RequestCredentials; body: unknown } | null = null;
    server.use(
      http.post('*/api/early-signup', async ({ request }) => {
        seen = { contentType: request.headers.get('content-type'), credentials: request.credentials, body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );

    const answer = await apiRequest<{ ok: boolean }>('POST', '/api/early-signup', { name: 'Ava', email: 'ava@example.com' });

    expect(answer).toEqual({ ok: true });
    expect(seen).toEqual({
      contentType: 'application/json',
      credentials: 'include',
      body: { name: 'Ava', email: 'ava@example.com' },
    });
  });

  it('resolves an empty 204 answer to undefined', async () => {
    server.use(http.delete('*/api/users/u1/follow', () => new HttpResponse(null, { status: 204 })));

    await expect(apiRequest('DELETE', '/api/users/u1/follow')).resolves.toBeUndefined();
  });
});
