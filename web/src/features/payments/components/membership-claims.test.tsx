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

/**
 * Benefits the membership pages once listed that no code implements (docs/decisions/008-honest-copy.md):
 * "Enhanced Security" once sold the second factor at every sign-in, which every member has since
 * issue #39; it now names what decisions §14 makes it, and nothing else.
 */
const UNBACKED = [/exclusive community/i, /every sign-in can ask/i, /your verified badge/i];
/** Premium's Enhanced Security, word for word (decisions §14). */
const ENHANCED =
  "Premium's Enhanced Security adds two things: your second factor is asked before every money and address action, whatever the amount (add one first in Security settings), and a sign-in from a new device must be confirmed from a link we e-mail you before that session may move money or change addresses.";
/** What the pages say instead, word for word (decisions §14). */
const SECURITY =
  'Security is not a paid feature: once you add a second factor (a code from an authenticator app, or a passkey), every sign-in asks for it, with or without premium.';
const VERIFIED_TAG = 'The VERIFIED tag means a verified member: premium, a confirmed e-mail address and a second factor set up.';

function expectNoUnbackedClaims() {
  const text = document.body.textContent ?? '';
  for (const claim of UNBACKED) expect(text).not.toMatch(claim);
}

describe('membership pages list only what premium really does', () => {
  it('/membership-old names the badge, priority verification and portfolio analytics, nothing else', async () => {
    server.use(http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)));
    renderWithApp(<MembershipOldPage auth={{ user: null, isLoading: false }} />);
    expect(await screen.findByText('Join the SoleSwap Community for $1/month.')).toBeTruthy();
    const benefits = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(benefits).toEqual(['Verified Member Badge', 'Priority Verification', 'Portfolio Analytics', 'Enhanced Security']);
    expect(document.body.textContent).toContain(ENHANCED);
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
    // What the tag needs and that security is every member's, with the way to set a factor up.
    expect(document.body.textContent).toContain(`${VERIFIED_TAG} ${SECURITY}`);
    expect(document.body.textContent).toContain(ENHANCED);
    expect(screen.getByRole('link', { name: 'Security settings' }).getAttribute('href')).toBe('/settings/security');
  });

  it('/membership offers premium to a member without selling security: the second factor is theirs already', async () => {
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)),
      http.get('*/api/payments', () => HttpResponse.json({ payments: [], nextCursor: null })),
      http.post('*/api/create-membership-payment', () => HttpResponse.json({ clientSecret: 'pi_claims_secret_x', paymentIntentId: 'pi_claims' })),
    );
    renderWithApp(<MembershipPage auth={{ user: buildUser({ isPremiumMember: false }), isLoading: false }} />);
    expect(await screen.findByText('Premium membership for just $1/month')).toBeTruthy();
    expect(document.body.textContent).toContain(`${VERIFIED_TAG} ${SECURITY}`);
    expect(document.body.textContent).toContain(ENHANCED);
    expectNoUnbackedClaims();
  });
});
