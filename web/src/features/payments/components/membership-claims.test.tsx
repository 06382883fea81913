// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MembershipOverview, PaymentsConfig } from '@soleswap/contracts/payments';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { MembershipOldPage } from './membership-old-page';
import { MembershipPage } from './membership-page';

const CONFIG: PaymentsConfig = {
  priceCents: 100,
  interval: 'month',
  priceText: '$1/month',
  provider: 'sandbox',
  isTestMode: true,
  publishableKey: null,
  testCards: [],
};

/** Benefits the membership pages once listed that no code implements (docs/decisions/008-honest-copy.md). */
const UNBACKED = [/exclusive community/i];
/** Enhanced Security is backed since issue #32: the pages say exactly what it is. */
const ENHANCED = 'Every sign-in can ask for your second factor (a code from an authenticator app, or a passkey)';

function expectNoUnbackedClaims() {
  const text = document.body.textContent ?? '';
  for (const claim of UNBACKED) expect(text).not.toMatch(claim);
}

describe('membership pages list only what premium really does', () => {
  it('/membership-old names the badge, priority verification, portfolio analytics and Enhanced Security, nothing else', async () => {
    server.use(http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)));
    renderWithApp(<MembershipOldPage auth={{ user: null, isLoading: false }} />);
    expect(await screen.findByText('Join the SoleSwap Community for $1/month.')).toBeTruthy();
    const benefits = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(benefits).toEqual(['Verified Member Badge', 'Priority Verification', 'Portfolio Analytics', 'Enhanced Security']);
    expectNoUnbackedClaims();
    // A visitor is offered the real sign-in, which comes back here, not the development tools.
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fmembership-old');
    expect(screen.queryByRole('link', { name: /emergency|test authentication/i })).toBeNull();
  });

  it('/membership makes none of the unbacked claims, to a visitor or a premium member', async () => {
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)),
      http.get('*/api/payments', () => HttpResponse.json({ payments: [], nextCursor: null })),
      http.get('*/api/membership', () =>
        HttpResponse.json({
          isPremium: true,
          periodStart: '2026-01-01T00:00:00.000Z',
          periodEnd: '2026-02-01T00:00:00.000Z',
          canceledAt: null,
          refundableUntil: null,
          cancelAtPeriodEnd: false,
          canCancel: true,
          canRefund: false,
          offer: CONFIG,
        } satisfies MembershipOverview),
      ),
    );
    renderWithApp(<MembershipPage auth={{ user: null, isLoading: false }} />);
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expectNoUnbackedClaims();
    cleanup();

    renderWithApp(<MembershipPage auth={{ user: buildUser({ isPremiumMember: true }), isLoading: false }} />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Premium Member!' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel membership' })).toBeTruthy();
    expectNoUnbackedClaims();
    // Enhanced Security, said as it is, with the way to turn it on.
    expect(document.body.textContent).toContain(`Enhanced Security: ${ENHANCED}`);
    expect(screen.getByRole('link', { name: 'Security settings' }).getAttribute('href')).toBe('/settings/security');
  });
});
