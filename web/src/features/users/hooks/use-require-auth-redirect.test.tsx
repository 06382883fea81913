// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../../lib/browser-location';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { useRequireAuthRedirect } from './use-require-auth-redirect';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

afterEach(() => {
  vi.mocked(goToUrl).mockReset();
});

function MemberOnly() {
  const { user, isLoading } = useRequireAuthRedirect();
  return <p>{isLoading ? 'loading' : (user?.username ?? 'nobody')}</p>;
}

describe('useRequireAuthRedirect', () => {
  it('tells a logged-out visitor and sends them to /api/login after 500 ms', async () => {
    // The redirect waits 500 ms after the 401; compared with the clock rather than "not yet", so
    // a slow machine cannot make it flaky.
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
    await vi.waitFor(() => expect(goToUrl).toHaveBeenCalledWith('/api/login'), { timeout: 3000 });
    expect(redirectedAt - answeredAt).toBeGreaterThanOrEqual(490);
  });

  it('leaves a signed-in member alone', async () => {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json(buildUser({ username: 'kicks' }))));
    renderWithApp(<MemberOnly />);

    expect(await screen.findByText('kicks')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(goToUrl).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });
});
