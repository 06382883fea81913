// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { goToUrl } from '../../../lib/browser-location';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { InteractionPage } from './interaction-page';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

afterEach(() => {
  vi.mocked(goToUrl).mockReset();
});

function interactionIsLive() {
  server.use(http.get('*/idp/interaction/abc123/details', () => HttpResponse.json({ uid: 'abc123', prompt: 'login' })));
}

function renderPage() {
  return renderWithApp(<Route path="/idp/interaction/:uid" component={InteractionPage} />, {
    path: '/idp/interaction/abc123',
  });
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page of the embedded provider', () => {
  it('posts the credentials to this interaction and follows redirectTo', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/idp/interaction/abc123/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ redirectTo: '/idp/auth/abc123' });
      }),
    );
    interactionIsLive();
    renderPage();

    await signIn('Ava@Example.com', 'correct horse');

    await vi.waitFor(() => expect(goToUrl).toHaveBeenCalledWith('/idp/auth/abc123'));
    expect(body).toEqual({ email: 'ava@example.com', password: 'correct horse' });
  });

  it('says "Wrong e-mail or password" on INVALID_CREDENTIALS', async () => {
    server.use(
      http.post('*/idp/interaction/abc123/login', () =>
        HttpResponse.json({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }, { status: 401 }),
      ),
    );
    interactionIsLive();
    renderPage();

    await signIn('ava@example.com', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password');
    expect(goToUrl).not.toHaveBeenCalled();
  });

  it('offers to start again when the interaction has expired', async () => {
    server.use(http.post('*/idp/interaction/abc123/login', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Gone' }, { status: 404 })));
    interactionIsLive();
    renderPage();

    await signIn('ava@example.com', 'whatever');

    expect(await screen.findByText('This sign-in link has expired. Start again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/api/login');
  });

  it('says at once when the link has already expired', async () => {
    server.use(http.get('*/idp/interaction/abc123/details', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Expired' }, { status: 404 })));
    renderPage();

    expect(await screen.findByText('This sign-in link has expired. Start again.')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows EMAIL_TAKEN under the e-mail field when creating an account', async () => {
    server.use(
      http.post('*/idp/interaction/abc123/signup', () =>
        HttpResponse.json(
          { code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists', fields: { email: 'Already registered' } },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    interactionIsLive();
    renderPage();

    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Username'), 'ava');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const message = await screen.findByText('Already registered');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(message.id);
  });
});
