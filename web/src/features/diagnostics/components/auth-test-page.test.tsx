// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@soleswap/contracts/users';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import type { ServerInfo } from '../api/get-server-info';
import type { AuthSnapshot } from '../auth-snapshot';
import { AuthTestPage } from './auth-test-page';

function serverInfo(appOrigins: string[]): ServerInfo {
  return {
    nodeVersion: 'v22.13.0',
    nodeEnv: 'development',
    version: '1.0.0',
    database: 'pglite',
    appOrigins,
    identityProvider: 'embedded',
    uptimeSeconds: 42,
  };
}

const signedIn = (user: User) => ({ user, isLoading: false, isAuthenticated: true });
const signedOut = { user: null, isLoading: false, isAuthenticated: false };

/** The card of one check, and the word saying how it went. */
async function card(name: string) {
  const found = await screen.findByRole('group', { name });
  return { element: found, outcome: within(found).getByText(/^(Passed|Warning|Failed)$/).textContent };
}

describe('/auth-test', () => {
  it('passes every check for a logged-in member on an allowed origin, payment call included', async () => {
    const member = buildUser();
    let payments = 0;
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json(serverInfo([window.location.origin]))),
      http.get('*/api/auth/user', () => HttpResponse.json(member)),
      http.post('*/api/create-membership-payment', () => {
        payments += 1;
        return HttpResponse.json({ clientSecret: 'pi_test_1_secret_0123456789abcdef', paymentIntentId: 'pi_test_1' });
      }),
    );
    renderWithApp(<AuthTestPage auth={signedIn(member)} />);

    const payment = await card('POST /api/create-membership-payment');
    expect(payment.outcome).toBe('Passed');
    expect((await card('Allowed origin')).outcome).toBe('Passed');
    expect((await card('Logged in')).outcome).toBe('Passed');
    expect((await card('Premium')).outcome).toBe('Warning');
    expect((await card('GET /api/auth/user')).outcome).toBe('Passed');
    expect(payments).toBe(1);

    // Details are folded away until asked for, and never show the whole client secret.
    await userEvent.click(within(payment.element).getByText('Details'));
    const details = within(payment.element).getByLabelText('POST /api/create-membership-payment details').textContent;
    expect(details).toContain('pi_test_1');
    expect(details).toContain('pi_test_1_se...');
    expect(details).not.toContain('0123456789abcdef');

    expect(screen.getByRole('link', { name: 'Emergency Authentication' }).getAttribute('href')).toBe('/emergency-auth');
    expect(screen.getByRole('link', { name: 'Go to Membership' }).getAttribute('href')).toBe('/membership');
    expect(screen.getByRole('heading', { name: 'To pay for membership' })).toBeTruthy();
  });

  it('fails the origin check on a host the server does not allow, and skips the payment call for a visitor', async () => {
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json(serverInfo(['https://soleswap.example']))),
      http.get('*/api/auth/user', () => new HttpResponse(null, { status: 401 })),
    );
    renderWithApp(<AuthTestPage auth={signedOut} />);

    const origin = await card('Allowed origin');
    expect(origin.outcome).toBe('Failed');
    expect(within(origin.element).getByText(/is not one of the allowed origins/)).toBeTruthy();
    expect((await card('Logged in')).outcome).toBe('Warning');
    expect((await card('GET /api/auth/user')).outcome).toBe('Warning');
    expect(screen.queryByRole('group', { name: 'POST /api/create-membership-payment' })).toBeNull();
  });

  it('warns a premium member that no payment is needed, and reports a failing payment call as an error', async () => {
    const premium = buildUser({ isPremiumMember: true, membershipPaidAt: '2026-01-01T00:00:00.000Z' });
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json(serverInfo([window.location.origin]))),
      http.get('*/api/auth/user', () => HttpResponse.json(premium)),
      http.post('*/api/create-membership-payment', () =>
        HttpResponse.json({ message: 'You are already a premium member.', code: 'ALREADY_PREMIUM' }, { status: 409 }),
      ),
    );
    renderWithApp(<AuthTestPage auth={signedIn(premium)} />);
    expect((await card('Premium')).outcome).toBe('Passed');
    const already = await card('POST /api/create-membership-payment');
    expect(already.outcome).toBe('Warning');
    expect(within(already.element).getByText(/no payment is needed/)).toBeTruthy();

    cleanup();
    server.use(
      http.post('*/api/create-membership-payment', () =>
        HttpResponse.json({ message: 'Payment provider unreachable', code: 'INTERNAL' }, { status: 502 }),
      ),
    );
    renderWithApp(<AuthTestPage auth={signedIn(premium)} />);
    const failed = await card('POST /api/create-membership-payment');
    expect(failed.outcome).toBe('Failed');
    await userEvent.click(within(failed.element).getByText('Details'));
    expect(within(failed.element).getByLabelText('POST /api/create-membership-payment details').textContent).toContain(
      'Payment provider unreachable',
    );
  });

  it('runs the checks again when the login state changes, and on "Run Tests"', async () => {
    let userCalls = 0;
    let current: User | null = null;
    server.use(
      http.get('*/api/debug/server-info', () => HttpResponse.json(serverInfo([window.location.origin]))),
      http.get('*/api/auth/user', () => {
        userCalls += 1;
        return current ? HttpResponse.json(current) : new HttpResponse(null, { status: 401 });
      }),
      http.post('*/api/create-membership-payment', () => HttpResponse.json({ clientSecret: 'pi_2_secret_x', paymentIntentId: 'pi_2' })),
    );
    // The app hands the page the login state; this stands in for it changing (a sign-in elsewhere).
    let setAuth: (auth: AuthSnapshot) => void = () => undefined;
    function App() {
      const [auth, set] = useState<AuthSnapshot>(signedOut);
      setAuth = set;
      return <AuthTestPage auth={auth} />;
    }
    renderWithApp(<App />);
    expect((await card('Logged in')).outcome).toBe('Warning');

    current = buildUser({ email: 'new@example.com' });
    const user = current;
    act(() => setAuth(signedIn(user)));
    expect(await screen.findByText('Logged in as new@example.com.')).toBeTruthy();
    expect((await card('POST /api/create-membership-payment')).outcome).toBe('Passed');

    const before = userCalls;
    await userEvent.click(screen.getByRole('button', { name: 'Run Tests' }));
    await vi.waitFor(() => expect(userCalls).toBe(before + 1));
  });

  it('says the tool is disabled where the server has the development tools off', async () => {
    server.use(http.get('*/api/debug/server-info', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderWithApp(<AuthTestPage auth={signedOut} />);
    expect(await screen.findByText('This development tool is disabled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run Tests' })).toBeNull();
  });
});
