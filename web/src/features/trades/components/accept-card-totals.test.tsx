// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { TradeCard } from './trade-card';

beforeEach(() => {
  serveInspectionConfig();
});

/** I am the receiver of sole_sam's proposal. */
const received = (overrides: Parameters<typeof buildTrade>[0]) =>
  buildTrade({ myRole: 'receiver', proposerId: THEM_ID, receiverId: ME_ID, allowedActions: ['accept', 'reject'], ...overrides });

async function openAccept() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the accept dialog (issue #42)', () => {
  it('adds up what each card holds when I accept: cash and protection hold, per side', async () => {
    renderWithApp(
      <TradeCard
        trade={received({
          receiverCashCents: 2500,
          cash: { payerId: ME_ID, payeeId: THEM_ID, amountCents: 2500 },
          protectionHolds: [
            { side: 'proposer', amountCents: 31_050, status: 'due' },
            { side: 'receiver', amountCents: 34_000, status: 'due' },
          ],
        })}
      />,
    );
    const { dialog } = await openAccept();
    const totals = within(dialog).getByRole('region', { name: 'Held on cards when you accept' });
    const rows = [...totals.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Your card: $365 ($25 cash + $340 protection hold)', "sole_sam's card: $310.50 (protection hold)"]);
  });

  it('shows no total when the trade holds nothing', async () => {
    renderWithApp(<TradeCard trade={received({})} />);
    const { dialog } = await openAccept();
    expect(within(dialog).queryByRole('region', { name: 'Held on cards when you accept' })).toBeNull();
  });

  it("says whose card failed when the proposer's card is declined, though I gave none", async () => {
    const message = "sole_sam's card was declined, so the trade is still pending and nothing of yours was charged.";
    server.use(http.post('*/api/trades/42/accept', () => HttpResponse.json({ code: 'PAYMENT_DECLINED', message }, { status: 402 })));
    renderWithApp(<TradeCard trade={received({ proposerCashCents: 4000, cash: { payerId: THEM_ID, payeeId: ME_ID, amountCents: 4000 } })} />);
    const { user, dialog } = await openAccept();
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(within(dialog).queryByText(/Your card was declined/)).toBeNull();
  });
});
