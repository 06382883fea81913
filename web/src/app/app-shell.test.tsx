// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/build-user';
import { server } from '../test/msw-server';
import { renderWithApp } from '../test/render-app';
import { AppShell } from './app-shell';

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

function signedIn({ unconfirmed = false } = {}) {
  server.use(
    paymentsConfig(),
    http.get('*/api/auth/device-confirmation', () => HttpResponse.json({ unconfirmed })),
    http.get('*/api/auth/user', () => HttpResponse.json(buildUser({ username: 'kicks' }))),
    http.get('*/api/launch', () => HttpResponse.json({ launchState: 'open' })),
    http.get('*/api/notifications', () => HttpResponse.json({ items: [], nextCursor: null, unreadCount: 0 })),
    http.get('*/api/chat/unread', () => HttpResponse.json({ total: 0, trades: [], conversations: [] })),
  );
}

function signedOut() {
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 })),
    http.get('*/api/launch', () => HttpResponse.json({ launchState: 'open' })),
  );
}

describe('app shell on the early-access pages', () => {
  it.each(['/coming-soon', '/backup-signup'])('shows a member on %s the app bar, not "Log in"', async (path) => {
    signedIn();
    renderWithApp(<AppShell />, { path });

    expect(await screen.findByRole('heading', { name: 'Get early access' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /log in/i })).toBeNull();
  });

  it('keeps the page\'s own "Log in" for a visitor, without the app bar', async () => {
    signedOut();
    renderWithApp(<AppShell />, { path: '/coming-soon' });

    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Get early access' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows a member on /main-site the app bar, not "Log In"', async () => {
    signedIn();
    renderWithApp(<AppShell />, { path: '/main-site' });

    expect(await screen.findByRole('link', { name: /start trading/i })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /log in/i })).toBeNull();
  });

  it('tells a session from a new device why it cannot move money or change addresses, and sends a new link', async () => {
    signedIn({ unconfirmed: true });
    let resent = 0;
    server.use(
      http.post('*/api/auth/device-confirmation/resend', () => {
        resent += 1;
        return HttpResponse.json({ sent: true }, { status: 202 });
      }),
    );
    renderWithApp(<AppShell />, { path: '/main-site' });

    const banner = await screen.findByText(/This sign-in is from a new device/);
    expect(banner.textContent).toContain('until then, this session cannot move money or change addresses');
    (await screen.findByRole('button', { name: 'Send a new link' })).click();
    expect(await screen.findByText(/A new link is on its way/)).toBeTruthy();
    expect(resent).toBe(1);
  });
});
