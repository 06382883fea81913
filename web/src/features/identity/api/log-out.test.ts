import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../../lib/browser-location';
import { server } from '../../../test/msw-server';
import { logOut } from './log-out';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

describe('logOut', () => {
  beforeEach(() => vi.mocked(goToUrl).mockClear());

  it("signs out with a POST (a GET only shows a button), then goes to the provider's logout the answer names", async () => {
    const methods: string[] = [];
    const providerLogout = 'http://localhost/idp/session/end?id_token_hint=t';
    server.use(
      http.all('*/api/logout', ({ request }) => {
        methods.push(request.method);
        return HttpResponse.json({ redirectTo: providerLogout });
      }),
    );
    await logOut();
    expect(methods).toEqual(['POST']);
    expect(goToUrl).toHaveBeenCalledWith(providerLogout);
  });

  it('goes home when there is no provider session to end (204)', async () => {
    server.use(http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })));
    await logOut();
    expect(goToUrl).toHaveBeenCalledWith('/');
  });

  it('falls back to the sign-out page with its button when the POST fails', async () => {
    server.use(
      http.post('*/api/logout', () => HttpResponse.json({ code: 'CSRF_REJECTED', message: 'Cross-site request rejected' }, { status: 403 })),
    );
    await logOut();
    expect(goToUrl).toHaveBeenCalledWith('/api/logout');
  });
});
