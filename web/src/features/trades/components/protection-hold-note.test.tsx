// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { TradeCard } from './trade-card';
import { serveInspectionConfig } from '../test/serve-inspection-config';

// The proposal, counter and accept forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

describe('protection holds on a trade card', () => {
  it('tells both sides about each hold before they commit', () => {
    renderWithApp(
      <TradeCard
        trade={buildTrade({
          protectionHolds: [
            { side: 'proposer', amountCents: 24_000, status: 'due' },
            { side: 'receiver', amountCents: 31_050, status: 'due' },
          ],
        })}
      />,
    );
    const holds = screen.getByRole('list', { name: 'Protection holds' });
    expect(within(holds).getByText('Your side is protected by a $240 hold')).toBeTruthy();
    expect(within(holds).getByText('Protected by a $310.50 hold')).toBeTruthy();
    expect(within(holds).getAllByText(/card is held for it when the trade is accepted/)).toHaveLength(2);
  });

  it('says where a hold went once the trade ended', () => {
    renderWithApp(
      <TradeCard trade={buildTrade({ status: 'cancelled', protectionHolds: [{ side: 'receiver', amountCents: 24_000, status: 'captured' }] })} />,
    );
    expect(screen.getByText(/It was paid to your wallet/)).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={buildTrade({ protectionHolds: [] })} />);
    expect(screen.queryByRole('list', { name: 'Protection holds' })).toBeNull();
  });

  it('asks the receiver who owes a hold for their card in the accept dialog, and sends it', async () => {
    const cards: string[] = [];
    server.use(
      http.post('*/api/trades/42/accept', async ({ request }) => {
        cards.push(((await request.json()) as { cashCard?: { cardNumber: string } }).cashCard?.cardNumber ?? '');
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const trade = buildTrade({
      myRole: 'receiver',
      proposerId: THEM_ID,
      receiverId: ME_ID,
      allowedActions: ['accept', 'reject'],
      protectionHolds: [{ side: 'receiver', amountCents: 25_000, status: 'due' }],
    });
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={trade} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your side is protected by a $250 hold')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(cards).toEqual(['4242 4242 4242 4242']);
  });
});
