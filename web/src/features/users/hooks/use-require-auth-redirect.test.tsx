// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../lib/auth-paths';
import { goToUrl } from '../../../lib/browser-location';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { useRequireAuthRedirect } from './use-require-auth-redirect';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

// setTimeout and the clock are faked: they move on with real time (so the fetch, TanStack Query and
// Testing Library's polling work as usual) and jump when the test says, so no test waits out the
// redirect's delay and a busy machine cannot make it flaky.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(goToUrl).mockReset();
});

function MemberOnly() {
  const { user, isLoading } = useRequireAuthRedirect();
  return <p>{isLoading ? 'loading' : (user?.username ?? 'nobody')}</p>;
}

describe('useRequireAuthRedirect', () => {
  it('tells a logged-out visitor and sends them to /api/login after 500 ms', async () => {
    let answeredAt = 0;
    let redirectedAt = 0;
    vi.mocked(goToUrl).mockImplementation(() => {
      redirectedAt = Date.now();
    });
    server.use(
      http.get('*/api/auth/user', () => {
        answeredAt = Date.now();
        return new HttpResponse(null, { status: 401 });
      }),
    );
    renderWithApp(<MemberOnly />);

    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS);
    expect(goToUrl).toHaveBeenCalledWith('/api/login');
    // On the faked clock, which moves only forward: never before the delay since the 401.
    expect(redirectedAt - answeredAt).toBeGreaterThanOrEqual(LOGIN_REDIRECT_DELAY_MS);
  });

  it('leaves a signed-in member alone', async () => {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json(buildUser({ username: 'kicks' }))));
    renderWithApp(<MemberOnly />);

    expect(await screen.findByText('kicks')).toBeTruthy();
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS * 10);
    expect(goToUrl).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });
});
