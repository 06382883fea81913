// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/build-user';
import { server } from '../test/msw-server';
import { ApiError, apiRequest, forgetSession, getJson, getJsonWithHeaders, toUserMessage } from './api-client';
import { goToUrl } from './browser-location';
import { toast } from './toast';

vi.mock('./browser-location', () => ({ goToUrl: vi.fn() }));
vi.mock('./toast', () => ({ toast: vi.fn() }));

beforeEach(() => forgetSession());
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(goToUrl).mockReset();
  vi.mocked(toast).mockReset();
});

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

describe('a 401 after the member was signed in (the session ended)', () => {
  const unauthorized = () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 });
  const LOGGED_OUT_TOAST = { title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' };

  /** How many refused calls the server has answered since the session was lost. */
  let refused = 0;
  const refuse = () => {
    refused += 1;
    return unauthorized();
  };

  async function signInThenLoseTheSession() {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json(buildUser())));
    await getJson('/api/auth/user', { on401: 'returnNull' });
    // From here on the server has forgotten the session.
    refused = 0;
    server.use(
      http.get('*/api/auth/user', refuse),
      http.put('*/api/sneakers/:id', refuse),
      http.get('*/api/sneakers/user/:userId', refuse),
      http.get('*/api/trades', refuse),
    );
  }

  /** Resolves when the API client raises its toast, without moving the (fake) clock. */
  function nextToast(): Promise<void> {
    return new Promise((resolve) => vi.mocked(toast).mockImplementationOnce(() => (resolve(), { id: 1, dismiss: () => undefined })));
  }

  /**
   * Lets answers already sent by the server reach their callers (a few turns of the
   * event loop; only setTimeout is faked), so a call that settled would have been seen.
   */
  async function flushAnswers() {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  it('says the member is logged out, then goes to /api/login after 500 ms, and the call reports no failure', async () => {
    await signInThenLoseTheSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const toasted = nextToast();
    const settled = vi.fn();

    const call = apiRequest('PUT', '/api/sneakers/7', { isAvailableForTrade: false });
    call.then(settled, settled);
    const first = await Promise.race([
      toasted.then(() => 'notice'),
      call.then(
        () => 'answer',
        () => 'error',
      ),
    ]);

    expect(first).toBe('notice');
    expect(toast).toHaveBeenCalledWith(LOGGED_OUT_TOAST);
    vi.advanceTimersByTime(499);
    expect(goToUrl).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToUrl).toHaveBeenCalledExactlyOnceWith('/api/login');
    // No "Failed to update ..." from the page on top of the notice: the call never settles.
    await flushAnswers();
    expect(settled).not.toHaveBeenCalled();
  });

  it('shows one notice and redirects once when several calls are refused together', async () => {
    await signInThenLoseTheSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const toasted = nextToast();
    const settled = vi.fn();

    getJson('/api/trades').then(settled, settled);
    getJsonWithHeaders('/api/sneakers/user/user-1').then(settled, settled);
    getJson('/api/auth/user', { on401: 'returnNull' }).then(settled, settled);
    await toasted;
    // Let the other two answers arrive before the clock moves.
    while (refused < 3) await flushAnswers();
    await flushAnswers();
    vi.advanceTimersByTime(500);
    await flushAnswers();

    expect(toast).toHaveBeenCalledTimes(1);
    expect(goToUrl).toHaveBeenCalledExactlyOnceWith('/api/login');
    expect(settled).not.toHaveBeenCalled();
  });

  it('lets a cancelled query settle instead of hanging', async () => {
    await signInThenLoseTheSession();
    const controller = new AbortController();
    const toasted = nextToast();
    const pending = getJson('/api/trades', { signal: controller.signal });
    await toasted;

    controller.abort();

    await expect(pending).rejects.toThrow();
  });

  it('leaves a visitor alone: a 401 from /api/auth/user means signed out, and later 401s are plain errors', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get('*/api/auth/user', unauthorized), http.put('*/api/sneakers/:id', unauthorized));

    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    const error = await caught(apiRequest('PUT', '/api/sneakers/7', { isAvailableForTrade: false }));
    vi.advanceTimersByTime(1000);

    expect(error.status).toBe(401);
    expect(toast).not.toHaveBeenCalled();
    expect(goToUrl).not.toHaveBeenCalled();
  });
});
