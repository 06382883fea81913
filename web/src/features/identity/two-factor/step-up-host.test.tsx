// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';

const STATUS = { totp: true, passkeys: [], recoveryCodesLeft: 10, recentUntil: null, everySignIn: false, canRequireEverySignIn: false };

/** A trade acceptance the server refuses until the session has a recent second factor. */
function acceptNeedsStepUp() {
  let isRecent = false;
  const accepts: number[] = [];
  server.use(
    http.get('*/api/two-factor', () => HttpResponse.json(STATUS)),
    http.post('*/api/two-factor/verify', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456') return HttpResponse.json({ code: 'SECOND_FACTOR_INVALID', message: 'That code does not match.' }, { status: 400 });
      isRecent = true;
      return HttpResponse.json({ ...STATUS, recentUntil: new Date().toISOString() });
    }),
    http.post('*/api/trades/7/accept', () => {
      accepts.push(Date.now());
      return isRecent
        ? HttpResponse.json({ id: 7, status: 'accepted' })
        : HttpResponse.json({ code: 'STEP_UP_REQUIRED', message: 'Confirm it is you.' }, { status: 403 });
    }),
  );
  return accepts;
}

describe('step-up (issue #32)', () => {
  it('asks for the second factor when a call is refused with STEP_UP_REQUIRED, then retries it', async () => {
    const accepts = acceptNeedsStepUp();
    renderWithApp(<p>page</p>);
    const user = userEvent.setup();

    const call = apiRequest<{ status: string }>('POST', '/api/trades/7/accept', {});
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(screen.getByLabelText('Code from your authenticator app, or a recovery code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code does not match.')).toBeTruthy();
    expect(accepts).toHaveLength(1);

    await user.clear(screen.getByLabelText('Code from your authenticator app, or a recovery code'));
    await user.type(screen.getByLabelText('Code from your authenticator app, or a recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(call).resolves.toEqual({ id: 7, status: 'accepted' });
    expect(accepts).toHaveLength(2);
    expect(dialog.isConnected).toBe(false);
  });

  it('fails the call with STEP_UP_REQUIRED when the member cancels', async () => {
    acceptNeedsStepUp();
    renderWithApp(<p>page</p>);
    const user = userEvent.setup();
    const call = apiRequest('POST', '/api/trades/7/accept', {}).catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await call).toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });
});
