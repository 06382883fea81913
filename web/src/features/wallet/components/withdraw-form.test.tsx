// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { WithdrawForm } from './withdraw-form';

const payout = (over: Record<string, unknown> = {}) => ({
  id: 1,
  amountCents: 2500,
  status: 'paid',
  failureMessage: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...over,
});

describe('the withdraw form', () => {
  it('withdraws the amount typed in dollars, with an Idempotency-Key, and says it was paid', async () => {
    const seen: Array<{ body: unknown; key: string | null }> = [];
    server.use(
      http.post('*/api/wallet/withdrawals', async ({ request }) => {
        seen.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(payout(), { status: 201 });
      }),
    );
    const onWithdrawn = vi.fn();
    renderWithApp(<WithdrawForm balanceCents={5000} onWithdrawn={onWithdrawn} />);
    const user = userEvent.setup();
    expect(screen.getByText('Available: $50.00')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount to withdraw (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawal of $25.00 paid out.')).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ amountCents: 2500 });
    expect(seen[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(onWithdrawn).toHaveBeenCalledWith(payout());
  });

  it('refuses an amount above the balance or below $1 before sending anything', async () => {
    renderWithApp(<WithdrawForm balanceCents={1000} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Amount to withdraw (USD)');
    await user.type(input, '20');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert').textContent).toBe('Your balance is $10.00');
    await user.clear(input);
    await user.type(input, '0.50');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert').textContent).toBe('Withdraw at least $1.00');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('fills in the whole balance, and shows a failed payout with the amount given back', async () => {
    server.use(
      http.post('*/api/wallet/withdrawals', () =>
        HttpResponse.json(payout({ amountCents: 1234, status: 'failed', failureMessage: 'The bank account was closed' }), { status: 201 }),
      ),
    );
    renderWithApp(<WithdrawForm balanceCents={1234} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw everything' }));
    expect((screen.getByLabelText('Amount to withdraw (USD)') as HTMLInputElement).value).toBe('12.34');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Your withdrawal of $12.34 failed: The bank account was closed. The amount is back in your balance.'),
    ).toBeTruthy();
  });

  it('shows the server’s refusal, and retries an unanswered attempt under the same key', async () => {
    const keys: Array<string | null> = [];
    let answer = 0;
    server.use(
      http.post('*/api/wallet/withdrawals', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        answer += 1;
        if (answer === 1)
          return HttpResponse.json({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'The payment provider could not be reached.' }, { status: 502 });
        return HttpResponse.json(
          { code: 'INSUFFICIENT_BALANCE', message: 'Your wallet balance is not enough for this. Nothing was taken from it.' },
          { status: 409 },
        );
      }),
    );
    renderWithApp(<WithdrawForm balanceCents={3000} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount to withdraw (USD)'), '30');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The payment provider could not be reached.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Your wallet balance is not enough for this. Nothing was taken from it.')).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('has nothing to offer on an empty balance', () => {
    renderWithApp(<WithdrawForm balanceCents={0} />);
    expect(screen.getByText('Your balance is $0.00, so there is nothing to withdraw yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
