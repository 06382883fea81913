// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayoutDestinationView } from '@soleswap/contracts/wallet';
import type { WalletEntry, WalletPage as WalletPageBody } from '@soleswap/contracts/wallet';
import type { CardHold, CardHoldsPage } from '@soleswap/contracts/wallet';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../../lib/browser-location';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { WalletPage } from './wallet-page';

const entry = (id: number, overrides: Partial<WalletEntry> = {}): WalletEntry => ({
  id,
  kind: 'trade_cash_credit',
  amountCents: 2500,
  tradeId: 40 + id,
  loopId: null,
  holdCapture: null,
  createdAt: '2030-03-15T10:00:00.000Z',
  ...overrides,
});

const page = (entries: WalletEntry[], nextCursor: string | null, balanceCents = 7500): WalletPageBody => ({
  balanceCents,
  currency: 'usd',
  entries,
  nextCursor,
});

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

const BANK: PayoutDestinationView = { provider: 'sandbox', destination: { kind: 'bank_account', holderName: 'Ann Payee', last4: '6789' } };
const noHolds: CardHoldsPage = { items: [], nextCursor: null };

describe('the wallet page', () => {
  beforeEach(() => {
    server.use(
      http.get('*/api/wallet/card-holds', () => HttpResponse.json(noHolds)),
      http.get('*/api/wallet/payout-destination', () => HttpResponse.json(BANK)),
    );
  });

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

  it('names why each protection hold was captured, whose it was, and an appeal that gave one back (issue #40)', async () => {
    const hold = (id: number, overrides: Partial<WalletEntry>) => entry(id, { kind: 'protection_hold_credit', amountCents: 25_000, ...overrides });
    server.use(
      http.get('*/api/wallet', () =>
        HttpResponse.json(
          page(
            [
              hold(5, { holdCapture: { reason: 'failed_authentication', memberName: 'alice' } }),
              hold(4, { holdCapture: { reason: 'missed_ship_deadline', memberName: 'bob' } }),
              hold(3, { holdCapture: { reason: 'lost_dispute', memberName: 'cy' } }),
              hold(2, {
                kind: 'protection_hold_reversal',
                amountCents: -25_000,
                holdCapture: { reason: 'failed_authentication', memberName: 'alice' },
              }),
              hold(1, { holdCapture: null }),
            ],
            null,
          ),
        ),
      ),
    );
    renderWithApp(<WalletPage />, { path: '/wallet' });
    const activity = await screen.findByRole('list', { name: 'Wallet activity' });
    const labels = within(activity)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.font-semibold')?.textContent);
    expect(labels).toEqual([
      "Protection hold captured: alice's pair failed authentication",
      'Protection hold captured: bob missed the ship deadline',
      'Protection hold captured: cy lost the dispute',
      "Protection hold taken back: alice's appeal was granted",
      'Protection hold captured: the other side missed the ship deadline, lost a dispute or their pair failed authentication',
    ]);
  });

  it('says so when the balance has not moved yet, and that nothing was held on the card', async () => {
    server.use(http.get('*/api/wallet', () => HttpResponse.json(page([], null, 0))));
    renderWithApp(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByText('Your balance has not moved yet')).toBeTruthy();
    expect(await screen.findByText('Nothing has been held on your card.')).toBeTruthy();
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

  it('withdraws from under the balance, then shows the new balance and the withdrawal', async () => {
    let balanceCents = 7500;
    let entries = [entry(1)];
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(page(entries, null, balanceCents))),
      http.post('*/api/wallet/withdrawals', async ({ request }) => {
        const { amountCents } = (await request.json()) as { amountCents: number };
        balanceCents -= amountCents;
        entries = [entry(2, { kind: 'payout', amountCents: -amountCents, tradeId: null }), ...entries];
        const at = '2030-03-16T10:00:00.000Z';
        return HttpResponse.json({ id: 9, amountCents, status: 'paid', failureMessage: null, createdAt: at, updatedAt: at }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage />, { path: '/wallet' });

    const withdraw = await screen.findByRole('region', { name: 'Withdraw' });
    await user.type(within(withdraw).getByLabelText('Amount to withdraw (USD)'), '30');
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw' }));

    expect(within(withdraw).getByText(/Withdrawals go to/).textContent).toContain('Bank account ••••6789');
    expect(await within(withdraw).findByText('Withdrawal of $30.00 paid out to Bank account ••••6789.')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Balance' })).findByText('$45.00')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Wallet activity' })).getByText('Withdrawal')).toBeTruthy();
  });

  it("lists what was held on the payer's card, then what became of it, with the trade and the dates (issue #42)", async () => {
    const hold = (id: number, overrides: Partial<CardHold>): CardHold => ({
      id,
      purpose: 'trade_cash',
      amountCents: 2500,
      status: 'authorized',
      tradeId: 12,
      loopId: null,
      payeeName: 'bob',
      isReauthorization: false,
      failureMessage: null,
      steps: [{ step: 'authorized', at: '2030-03-15T10:00:00.000Z' }],
      ...overrides,
    });
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(page([], null, 0))),
      http.get('*/api/wallet/card-holds', () =>
        HttpResponse.json({
          items: [
            hold(3, {
              status: 'captured',
              steps: [
                { step: 'authorized', at: '2030-03-15T10:00:00.000Z' },
                { step: 'captured', at: '2030-03-20T10:00:00.000Z' },
              ],
            }),
            hold(2, { purpose: 'protection_hold', amountCents: 34_000, tradeId: null, loopId: 7 }),
            hold(1, {
              status: 'declined',
              tradeId: 9,
              failureMessage: 'Your card was declined.',
              steps: [{ step: 'declined', at: '2030-03-01T10:00:00.000Z' }],
            }),
          ],
          nextCursor: null,
        } satisfies CardHoldsPage),
      ),
    );
    renderWithApp(<WalletPage />, { path: '/wallet' });
    const holds = await screen.findByRole('list', { name: 'Holds on your card' });
    const rows = within(holds)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === holds);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Cash for trade #12' }).getAttribute('href')).toBe('/trades?trade=12');
    expect(within(rows[0]!).getByText('Charged', { selector: 'span' })).toBeTruthy();
    expect(
      within(within(rows[0]!).getByRole('list'))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Mar 15, 2030 · Held on your card', 'Mar 20, 2030 · Charged, paid to bob']);
    expect(within(rows[1]!).getByRole('link', { name: 'Protection hold for loop #7' }).getAttribute('href')).toBe('/trades?loop=7');
    expect(within(rows[1]!).getByText('$340.00')).toBeTruthy();
    expect(within(rows[2]!).getByText('Mar 1, 2030 · Declined by your card (Your card was declined.)')).toBeTruthy();
    expect(screen.queryByText('Your balance has not moved yet')).toBeTruthy();
  });

  it('asks where a withdrawal goes before the first one, and keeps only the last four digits (issue #42)', async () => {
    let saved: unknown = null;
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(page([entry(1)], null, 5000))),
      http.get('*/api/wallet/payout-destination', () =>
        HttpResponse.json({ provider: 'sandbox', destination: null } satisfies PayoutDestinationView),
      ),
      http.put('*/api/wallet/payout-destination', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(BANK);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage />, { path: '/wallet' });
    const withdraw = await screen.findByRole('region', { name: 'Withdraw' });
    const form = await within(withdraw).findByRole('form', { name: 'Bank account for withdrawals' });
    expect(within(withdraw).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    await user.type(within(form).getByLabelText('Account holder’s name'), 'Ann Payee');
    await user.type(within(form).getByLabelText('Routing number (9 digits)'), '110000001');
    await user.type(within(form).getByLabelText('Account number'), '000123456789');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(within(form).getByText('This routing number does not exist: check its digits')).toBeTruthy();
    expect(saved).toBeNull();

    await user.clear(within(form).getByLabelText('Routing number (9 digits)'));
    await user.type(within(form).getByLabelText('Routing number (9 digits)'), '110000000');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect((await within(withdraw).findByText(/Withdrawals go to/)).textContent).toContain('Bank account ••••6789');
    expect(saved).toEqual({ holderName: 'Ann Payee', routingNumber: '110000000', accountNumber: '000123456789' });
    expect(within(withdraw).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('with Stripe, sends the member to Stripe to connect the account withdrawals go to (issue #42)', async () => {
    let started = 0;
    const link = 'https://connect.stripe.com/setup/e/acct_1/abc';
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(page([entry(1)], null, 5000))),
      http.get('*/api/wallet/payout-destination', () =>
        HttpResponse.json({ provider: 'stripe', destination: null, stripeOnboarding: 'not_started' } satisfies PayoutDestinationView),
      ),
      http.post('*/api/wallet/payout-destination/stripe-onboarding', () => {
        started += 1;
        return HttpResponse.json({ url: link });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<WalletPage />, { path: '/wallet' });
    const withdraw = await screen.findByRole('region', { name: 'Withdraw' });
    const connect = await within(withdraw).findByRole('button', { name: 'Connect a Stripe account' });
    expect(within(withdraw).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(withdraw).queryByText(/not available yet/)).toBeNull();

    await user.click(connect);
    await vi.waitFor(() => expect(goToUrl).toHaveBeenCalledWith(link));
    expect(started).toBe(1);
  });

  it('with Stripe, offers to continue an unfinished onboarding, and says when the account is connected (issue #42)', async () => {
    let view: PayoutDestinationView = { provider: 'stripe', destination: null, stripeOnboarding: 'pending' };
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(page([entry(1)], null, 5000))),
      http.get('*/api/wallet/payout-destination', () => HttpResponse.json(view)),
    );
    const first = renderWithApp(<WalletPage />, { path: '/wallet' });
    const pending = await screen.findByRole('region', { name: 'Withdraw' });
    expect(await within(pending).findByRole('button', { name: 'Continue on Stripe' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    first.unmount();

    view = { provider: 'stripe', destination: { kind: 'stripe_account' } };
    renderWithApp(<WalletPage />, { path: '/wallet?stripe=return' });
    const connected = await screen.findByRole('region', { name: 'Withdraw' });
    expect((await within(connected).findByText(/Stripe account connected/)).textContent).toContain('Stripe account connected');
    expect(within(connected).queryByRole('button', { name: 'Connect a Stripe account' })).toBeNull();
    expect(within(connected).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('names cash held from the balance for a trade, and given back', async () => {
    server.use(
      http.get('*/api/wallet', () =>
        HttpResponse.json(
          page([entry(2, { kind: 'trade_cash_return', amountCents: 2000 }), entry(1, { kind: 'trade_cash_debit', amountCents: -2000 })], null),
        ),
      ),
    );
    renderWithApp(<WalletPage />, { path: '/wallet' });
    const activity = await screen.findByRole('list', { name: 'Wallet activity' });
    expect(within(activity).getByText('Returned to your balance from a trade')).toBeTruthy();
    expect(within(activity).getByText('Held from your balance for a trade')).toBeTruthy();
  });
});
