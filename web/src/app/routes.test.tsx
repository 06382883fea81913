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

function signedOut() {
  server.use(
    paymentsConfig(),
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
  it('sends a visitor on a member-only page to the 404', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/locker' });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('shows a member their locker', async () => {
    signedIn();
    renderWithApp(<AppRoutes />, { path: '/locker' });

    // The locker's chunk now brings the verification feature along: the first load in jsdom takes longer.
    expect(await screen.findByRole('heading', { name: /locker/i }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Your locker is empty')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
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
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
    await requested;
    answer();
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });

  it('shows visitors the early-access page at / and members their dashboard', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Get early access' })).toBeTruthy();
    cleanup();

    signedIn();
    renderWithApp(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, kicks!' })).toBeTruthy();
    expect(await screen.findByText('No recent sneakers')).toBeTruthy();
  });

  it('offers the original landing page only to visitors', async () => {
    signedOut();
    renderWithApp(<AppRoutes />, { path: '/original-landing' });
    expect(await screen.findByRole('link', { name: 'Start Trading' })).toBeTruthy();
    cleanup();

    signedIn();
    renderWithApp(<AppRoutes />, { path: '/original-landing' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
