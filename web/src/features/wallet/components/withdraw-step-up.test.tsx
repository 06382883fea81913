// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { WithdrawForm } from './withdraw-form';

const STATUS = { totp: true, passkeys: [], recoveryCodesLeft: 10, recentUntil: null, everySignIn: false, canRequireEverySignIn: false };
const CODE_FIELD = 'Code from your authenticator app, or a recovery code';

/** Issue #39: a withdrawal by a member with a second factor is refused until the session proves it (STEP_UP_REQUIRED). */
function withdrawalsNeedStepUp() {
  let isRecent = false;
  const keys: Array<string | null> = [];
  server.use(
    http.get('*/api/two-factor', () => HttpResponse.json(STATUS)),
    http.post('*/api/two-factor/verify', () => {
      isRecent = true;
      return HttpResponse.json({ ...STATUS, recentUntil: new Date().toISOString() });
    }),
    http.post('*/api/wallet/withdrawals', ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      if (!isRecent) return HttpResponse.json({ code: 'STEP_UP_REQUIRED', message: 'Confirm it is you.' }, { status: 403 });
      const now = new Date().toISOString();
      return HttpResponse.json({ id: 1, amountCents: 2500, status: 'paid', failureMessage: null, createdAt: now, updatedAt: now }, { status: 201 });
    }),
  );
  return keys;
}

describe('the withdraw form and step-up (issue #39)', () => {
  it('asks for the second factor when the withdrawal is refused, then sends it again under the same key', async () => {
    const keys = withdrawalsNeedStepUp();
    renderWithApp(<WithdrawForm balanceCents={5000} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount to withdraw (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(screen.getByLabelText(CODE_FIELD), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Withdrawal of $25.00 paid out.')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the lock in the dialog when wrong codes locked the account’s codes', async () => {
    withdrawalsNeedStepUp();
    const lock = 'Too many wrong codes: codes for this account are refused for 60 more minutes.';
    server.use(http.post('*/api/two-factor/verify', () => HttpResponse.json({ code: 'RATE_LIMITED', message: lock }, { status: 429 })));
    renderWithApp(<WithdrawForm balanceCents={5000} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount to withdraw (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(screen.getByLabelText(CODE_FIELD), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(lock)).toBeTruthy();
    expect(screen.queryByText(/paid out/)).toBeNull();
  });

  it('says why nothing was withdrawn when the member closes the dialog', async () => {
    const keys = withdrawalsNeedStepUp();
    renderWithApp(<WithdrawForm balanceCents={5000} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount to withdraw (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Confirm it is you.');
    expect(keys).toHaveLength(1);
    expect(screen.queryByText(/paid out/)).toBeNull();
  });
});
