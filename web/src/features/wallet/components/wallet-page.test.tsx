// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletEntry, WalletPage as WalletPageBody } from '@soleswap/contracts/wallet';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { WalletPage } from './wallet-page';

const entry = (id: number, overrides: Partial<WalletEntry> = {}): WalletEntry => ({
  id,
  kind: 'trade_cash_credit',
  amountCents: 2500,
  tradeId: 40 + id,
  createdAt: '2030-03-15T10:00:00.000Z',
  ...overrides,
});

const page = (entries: WalletEntry[], nextCursor: string | null, balanceCents = 7500): WalletPageBody => ({
  balanceCents,
  currency: 'usd',
  entries,
  nextCursor,
});

describe('the wallet page', () => {
  it('shows the balance and the activity, newest first, and loads more on demand', async () => {
    const cursors: Array<string | null> = [];
    server.use(
      http.get('*/api/wallet', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor === null ? page([entry(3), entry(2, { kind: 'payout', amountCents: -1000, tradeId: null })], '2') : page([entry(1)], null),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage />, { path: '/wallet' });

    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('$75.00')).toBeTruthy();
    const activity = screen.getByRole('list', { name: 'Wallet activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cash from a completed tradeMar 15, 2030 · Trade #43+$25.00', 'WithdrawalMar 15, 2030−$10.00']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(activity).findByText(/Trade #41/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(cursors).toEqual([null, '2']);
  });

  it('says so when no money has moved yet', async () => {
    server.use(http.get('*/api/wallet', () => HttpResponse.json(page([], null, 0))));
    renderWithApp(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByText('No money has moved yet')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('$0.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your trades' }).getAttribute('href')).toBe('/trades');
  });

  it('offers to try again when the wallet does not load', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/wallet', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json(page([entry(1)], null, 2500));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage />, { path: '/wallet' });
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't load your wallet.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$25.00', { selector: 'p' })).toBeTruthy();
  });
});
