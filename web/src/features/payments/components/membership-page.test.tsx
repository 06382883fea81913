// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MembershipOverview, MembershipPayment, PaymentsConfig } from '@soleswap/contracts/payments';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { MembershipPage } from './membership-page';

const CONFIG: PaymentsConfig = {
  priceCents: 200,
  interval: 'year',
  priceText: '$2/year',
  provider: 'sandbox',
  isTestMode: true,
  publishableKey: null,
  testCards: [{ number: '4242 4242 4242 4242', outcome: 'Succeeds' }],
};

const PI = 'pi_sandbox_1';

function checkoutHandlers(confirm: Parameters<typeof http.post>[1]) {
  server.use(
    http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)),
    http.post('*/api/create-membership-payment', () => HttpResponse.json({ clientSecret: `${PI}_secret_x`, paymentIntentId: PI })),
    http.get('*/api/payments', () => HttpResponse.json({ payments: [], nextCursor: null })),
    http.post('*/api/payments/sandbox/confirm', confirm),
    http.get('*/api/auth/user', () => HttpResponse.json(buildUser())),
  );
}

async function fillCard(cardNumber: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), cardNumber);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay $2/year' }));
  return user;
}

const member = { user: buildUser(), isLoading: false };

describe('membership page', () => {
  it('asks a visitor to log in', () => {
    server.use(http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)));
    renderWithApp(<MembershipPage auth={{ user: null, isLoading: false }} />);
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/api/login');
  });

  it('welcomes a premium member, with cancel and refund', async () => {
    const overview: MembershipOverview = {
      isPremium: true,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      canceledAt: null,
      refundableUntil: '2026-01-31T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      canCancel: true,
      canRefund: true,
      offer: CONFIG,
    };
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)),
      http.get('*/api/membership', () => HttpResponse.json(overview)),
      http.get('*/api/payments', () => HttpResponse.json({ payments: [], nextCursor: null })),
    );
    renderWithApp(<MembershipPage auth={{ user: buildUser({ isPremiumMember: true }), isLoading: false }} />);
    expect(screen.getByRole('heading', { name: 'Welcome, Premium Member!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' }).getAttribute('href')).toBe('/');
    expect(await screen.findByRole('button', { name: 'Cancel membership' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund my payment' })).toBeTruthy();
  });

  it('shows the card form with the configured price and test mode, and welcomes a paid member', async () => {
    checkoutHandlers(() => HttpResponse.json({ paymentIntentId: PI, status: 'succeeded', failureMessage: null }));
    renderWithApp(<MembershipPage auth={member} />);
    expect(screen.getByRole('heading', { name: 'SoleSwap Community' })).toBeTruthy();
    expect(await screen.findByText('Premium membership for just $2/year')).toBeTruthy();
    expect(await screen.findByText('Test mode')).toBeTruthy();
    await fillCard('4242 4242 4242 4242');
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
  });

  it('shows the decline and keeps the form for another card', async () => {
    checkoutHandlers(() => HttpResponse.json({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' }, { status: 402 }));
    renderWithApp(<MembershipPage auth={member} />);
    await fillCard('4000 0000 0000 0002');
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getAllByText(/Your card was declined\./).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Pay $2/year' })).toBeTruthy();
  });

  it('shows a declined attempt in the payment history at once, without a reload', async () => {
    let attempts = 0;
    const declinedRow: MembershipPayment = {
      id: PI,
      status: 'failed',
      amountCents: 200,
      interval: 'year',
      failureMessage: 'Your card was declined.',
      cardBrand: 'visa',
      cardLast4: '0002',
      paidAt: null,
      refundedAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      allowedActions: ['confirm'],
    };
    checkoutHandlers(() => {
      attempts += 1;
      return HttpResponse.json({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' }, { status: 402 });
    });
    // The server's history: empty until the attempt, then the declined payment.
    server.use(http.get('*/api/payments', () => HttpResponse.json({ payments: attempts > 0 ? [declinedRow] : [], nextCursor: null })));
    renderWithApp(<MembershipPage auth={member} />);
    const history = screen.getByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText('No payments yet.')).toBeTruthy();
    await fillCard('4000 0000 0000 0002');
    expect(await within(history).findByText('Declined')).toBeTruthy();
    expect(within(history).getByText(/card ending 0002/)).toBeTruthy();
    expect(within(history).queryByText('No payments yet.')).toBeNull();
  });

  it('checks the card in the form before sending it', async () => {
    checkoutHandlers(() => HttpResponse.json({ code: 'INTERNAL', message: 'should not be called' }, { status: 500 }));
    renderWithApp(<MembershipPage auth={member} />);
    await fillCard('4242 4242 4242 4241');
    expect(await screen.findByText('Your card number is invalid')).toBeTruthy();
  });

  it('asks to approve the 3155 card, then pays', async () => {
    checkoutHandlers(() => HttpResponse.json({ paymentIntentId: PI, status: 'requires_action', failureMessage: null }));
    server.use(
      http.post(`*/api/payments/sandbox/${PI}/approve`, () => HttpResponse.json({ paymentIntentId: PI, status: 'succeeded', failureMessage: null })),
    );
    renderWithApp(<MembershipPage auth={member} />);
    const user = await fillCard('4000 0025 0000 3155');
    const step = await screen.findByRole('group', { name: 'Confirm your payment' });
    await user.click(within(step).getByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
  });

  it('reports a refused confirmation as a failed payment', async () => {
    checkoutHandlers(() => HttpResponse.json({ paymentIntentId: PI, status: 'requires_action', failureMessage: null }));
    server.use(
      http.post(`*/api/payments/sandbox/${PI}/refuse`, () =>
        HttpResponse.json({ code: 'PAYMENT_DECLINED', message: 'We are unable to authenticate your payment method.' }, { status: 402 }),
      ),
    );
    renderWithApp(<MembershipPage auth={member} />);
    const user = await fillCard('4000 0025 0000 3155');
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
  });

  it('says so when the payment cannot be set up', async () => {
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(CONFIG)),
      http.get('*/api/payments', () => HttpResponse.json({ payments: [], nextCursor: null })),
      http.post('*/api/create-membership-payment', () =>
        HttpResponse.json({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down' }, { status: 502 }),
      ),
    );
    renderWithApp(<MembershipPage auth={member} />);
    expect(await screen.findByText('Setup Error')).toBeTruthy();
    expect(screen.getAllByText('Failed to initialize payment form').length).toBeGreaterThan(0);
  });
});
