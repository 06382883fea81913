// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/build-user';
import { server } from '../test/msw-server';
import { renderWithApp } from '../test/render-app';
import { AppRoutes } from './routes';

// The landing page names the configured membership price.
const paymentsConfig = () =>
  http.get('*/api/payments/config', () =>
    HttpResponse.json({
      priceCents: 100,
      interval: 'month',
      priceText: '$1/month',
      provider: 'sandbox',
      isTestMode: true,
      publishableKey: null,
      testCards: [],
    }),
  );

function signedOut(launchState: 'open' | 'early-access' = 'open') {
  server.use(
    paymentsConfig(),
    http.get('*/api/launch', () => HttpResponse.json({ launchState })),
    http.get('*/api/auth/user', () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 })),
  );
}

function signedIn() {
  const user = buildUser({ username: 'kicks' });
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json(user)),
    http.get('*/api/users/:id/stats', () => HttpResponse.json({ sneakerCount: 2, tradeCount: 1, followerCount: 5, followingCount: 0 })),
    http.get('*/api/sneakers', () => HttpResponse.json([])),
    http.get('*/api/sneakers/user/:userId', () => HttpResponse.json([])),
  );
}

describe('route table', () => {
  it('asks a visitor on a member-only page to sign in, and to come back to it', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/trades?tab=accepted' });

    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login?returnTo=%2Ftrades%3Ftab%3Daccepted');
    expect(screen.queryByText(/router/)).toBeNull();
  });

  it('answers an unknown path with a page for people, not developers', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse sneakers' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByText(/router/)).toBeNull();
  });

  it("shows a visitor a member's public profile, with a sign-in that comes back to it", async () => {
    signedOut();
    const owner = buildUser({ id: '5f0c4a3e-1111-4222-8333-444455556666', username: 'kicksqueen' });
    server.use(
      http.get('*/api/users/:id', () => HttpResponse.json(owner)),
      http.get('*/api/users/:id/stats', () => HttpResponse.json({ sneakerCount: 0, tradeCount: 0, followerCount: 0, followingCount: 0 })),
      http.get('*/api/sneakers/user/:userId', () => HttpResponse.json([])),
    );
    renderWithApp(<AppRoutes />, { path: `/profile/${owner.id}` });

    expect(await screen.findByRole('heading', { name: 'kicksqueen' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to follow or message' }).getAttribute('href')).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/profile/${owner.id}`)}`,
    );
  });

  it('shows a member their locker', async () => {
    signedIn();
    renderWithApp(<AppRoutes />, { path: '/locker' });

    // The locker's chunk now brings the verification feature along: the first load in jsdom takes longer.
    expect(await screen.findByRole('heading', { name: /locker/i }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Your locker is empty')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows a spinner, not the 404, while the login state loads', async () => {
    let answer: () => void = () => undefined;
    let markRequested: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (markRequested = resolve));
    server.use(
      http.get(
        '*/api/auth/user',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 }));
            markRequested();
          }),
      ),
    );
    renderWithApp(<AppRoutes />, { path: '/trades' });

    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByRole('heading', { name: 'Sign in to continue' })).toBeNull();
    await requested;
    answer();
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
  });

  it('shows visitors the landing page at / once trading is open (the default), and members their dashboard', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Start Trading' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
    cleanup();

    signedIn();
    renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, kicks!' })).toBeTruthy();
    expect(await screen.findByText('No recent sneakers')).toBeTruthy();
  });

  it('shows visitors the early-access page at / before launch', async () => {
    signedOut('early-access');
    renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Get early access' })).toBeTruthy();
    expect(await screen.findByText('Coming soon')).toBeTruthy();
  });

  it('offers the original landing page only to visitors', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/original-landing' });
    expect(await screen.findByRole('link', { name: 'Start Trading' })).toBeTruthy();
    cleanup();

    signedIn();
    renderWithApp(<AppRoutes />, { path: '/original-landing' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
