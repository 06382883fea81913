// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { InteractionPage } from './interaction-page';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

function renderPage() {
  server.use(http.get('*/idp/interaction/abc123/details', () => HttpResponse.json({ uid: 'abc123', prompt: 'login' })));
  return renderWithApp(<Route path="/idp/interaction/:uid" component={InteractionPage} />, { path: '/idp/interaction/abc123' });
}

describe('forgot password on the sign-in page', () => {
  it('asks for a reset link and shows the server’s answer, which is the same for any address', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/idp/password-reset', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'If an account has this address, a link is on its way.' });
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'Ava@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('If an account has this address, a link is on its way.')).toBeTruthy();
    expect(body).toEqual({ email: 'ava@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('tells a member whose account is locked how long it lasts, not "wait a minute"', async () => {
    const locked = 'Too many failed sign-ins: this account is locked for 15 more minutes. You can reset your password meanwhile.';
    server.use(http.post('*/idp/interaction/abc123/login', () => HttpResponse.json({ code: 'RATE_LIMITED', message: locked }, { status: 429 })));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(locked)).toBeTruthy();
  });
});
