// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateMembershipPaymentResponse, PaymentsConfig } from '@soleswap/contracts/payments';
import type { ServerInfo } from '../../features/diagnostics/api/get-server-info';
import { server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render-app';
import { PaymentTestRoute } from './payment-test-route';

const devServer: ServerInfo = {
  nodeVersion: 'v22.13.0',
  nodeEnv: 'development',
  version: '1.4.2',
  database: 'pglite',
  appOrigins: [],
  identityProvider: 'embedded',
  uptimeSeconds: 60,
};

describe('/payment-test', () => {
  it('says the tool is disabled and starts no payment where the server has the development tools off', async () => {
    let payments = 0;
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
      http.post('*/api/create-membership-payment', () => {
        payments += 1;
        return HttpResponse.json({});
      }),
    );
    renderWithApp(<PaymentTestRoute />, { path: '/payment-test' });

    expect(await screen.findByText('This development tool is disabled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run payment test' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(payments).toBe(0);
  });

  it('runs the payment test on a development server', async () => {
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json(devServer)),
      http.get('*/api/health', () => HttpResponse.json({ ok: true })),
      http.get('*/api/payments/config', () =>
        HttpResponse.json({
          priceCents: 100,
          interval: 'month',
          priceText: '$1.00 / month',
          provider: 'sandbox',
          isTestMode: true,
          publishableKey: null,
          testCards: [],
        } satisfies PaymentsConfig),
      ),
      http.post('*/api/create-membership-payment', () =>
        HttpResponse.json({
          clientSecret: 'pi_sandbox_123_secret_abcdefgh',
          paymentIntentId: 'pi_sandbox_123',
        } satisfies CreateMembershipPaymentResponse),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<PaymentTestRoute />, { path: '/payment-test' });

    await user.click(await screen.findByRole('button', { name: 'Run payment test' }));
    expect(await screen.findByText('pi_sandbox_123')).toBeTruthy();
    expect(screen.queryByText('This development tool is disabled.')).toBeNull();
  });
});
