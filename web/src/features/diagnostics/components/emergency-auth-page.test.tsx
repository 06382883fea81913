// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../../lib/browser-location';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import type { ServerInfo } from '../api/get-server-info';
import { EmergencyAuthPage } from './emergency-auth-page';

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

beforeEach(() => vi.mocked(goToUrl).mockReset());

const INFO: ServerInfo = {
  nodeVersion: 'v22.13.0',
  nodeEnv: 'development',
  version: '1.0.0',
  database: 'pglite',
  appOrigins: ['http://localhost:3000'],
  identityProvider: 'embedded',
  uptimeSeconds: 5,
};

function toolsOn(forceAuth: Parameters<typeof http.post>[1]) {
  server.use(
    http.get('*/api/debug/server-info', () => HttpResponse.json(INFO)),
    http.post('*/api/debug/force-auth', forceAuth),
  );
}

/** The toast on screen, as one text ("Title" then the description). */
async function toastText() {
  const dismiss = await screen.findByRole('button', { name: 'Dismiss notification' });
  return dismiss.closest('li')?.textContent ?? '';
}

async function forceLogin(email?: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email (optional)'), email);
  await user.click(await screen.findByRole('button', { name: 'Force Authentication' }));
}

describe('/emergency-auth', () => {
  it('signs in as the given member, shows the e-mail, then goes to /membership', async () => {
    let sent: unknown;
    toolsOn(async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ success: true, user: buildUser({ email: 'tester@example.com' }) });
    });
    renderWithApp(<EmergencyAuthPage />);
    await forceLogin('tester@example.com');

    expect(await screen.findByText(/Signed in as tester@example.com/)).toBeTruthy();
    expect(sent).toEqual({ email: 'tester@example.com' });
    // Not at once: the member first reads who they are signed in as.
    expect(goToUrl).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(goToUrl).toHaveBeenCalledWith('/membership'), { timeout: 5000 });
  });

  it("shows 'Authentication Failed' with the server's error, or 'Unknown error occurred' without one", async () => {
    toolsOn(() => HttpResponse.json({ message: 'Username is taken', code: 'VALIDATION_FAILED' }, { status: 400 }));
    renderWithApp(<EmergencyAuthPage />);
    await forceLogin();
    expect(await toastText()).toBe('Authentication FailedUsername is taken');
    expect(screen.getByRole('alert').textContent).toContain('Username is taken');

    cleanup();
    toolsOn(() => new HttpResponse(null, { status: 500 }));
    renderWithApp(<EmergencyAuthPage />);
    await forceLogin();
    expect(await toastText()).toBe('Authentication FailedUnknown error occurred');
    expect(goToUrl).not.toHaveBeenCalled();
  });

  it("shows 'Network Error' when the server cannot be reached", async () => {
    toolsOn(() => HttpResponse.error());
    renderWithApp(<EmergencyAuthPage />);
    await forceLogin();
    expect(await toastText()).toBe('Network ErrorFailed to connect to authentication service');
  });

  it('says the tool is disabled, with no form, where the server has the development tools off', async () => {
    server.use(http.get('*/api/debug/server-info', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderWithApp(<EmergencyAuthPage />);
    expect(await screen.findByText('This development tool is disabled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Force Authentication' })).toBeNull();
  });
});
