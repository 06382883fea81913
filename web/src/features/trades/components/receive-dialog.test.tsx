// @vitest-environment jsdom
import type { TradeAction } from '@soleswap/contracts/trades';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { TradeCard } from './trade-card';

/** An accepted trade where both parcels shipped, seen by its receiver (who gives "My Jordan" and gets "Their Dunk"). */
const shippedTrade = (allowedActions: TradeAction[], overrides: Parameters<typeof buildTrade>[0] = {}) =>
  buildTrade({
    status: 'accepted',
    myRole: 'receiver',
    proposerId: THEM_ID,
    receiverId: ME_ID,
    acceptedAt: '2025-01-02T00:00:00.000Z',
    proposerShippedAt: '2025-01-03T00:00:00.000Z',
    receiverShippedAt: '2025-01-03T00:00:00.000Z',
    proposerSneakers: [buildTradeSneaker({ id: 1, name: 'Their Dunk', userId: THEM_ID })],
    receiverSneakers: [buildTradeSneaker({ id: 2, name: 'My Jordan', userId: ME_ID })],
    allowedActions,
    ...overrides,
  });

describe('marking a trade received', () => {
  let posted: string[];
  beforeEach(() => {
    posted = [];
    serveInspectionConfig();
    server.use(
      http.post('*/api/trades/:id/:action', ({ params }) => {
        posted.push(String(params.action));
        return HttpResponse.json(shippedTrade([], { status: 'completed' }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
  });

  it('asks first, naming the pairs, the cash and the holds it moves, and confirms only on the second click', async () => {
    const user = userEvent.setup();
    const trade = shippedTrade(['receive', 'dispute'], {
      proposerReceivedAt: '2025-01-04T00:00:00.000Z',
      cash: { payerId: ME_ID, payeeId: THEM_ID, amountCents: 4_000 },
      receiverCashCents: 4_000,
      protectionHolds: [{ side: 'proposer', amountCents: 25_000, status: 'held' }],
    });
    renderWithApp(<TradeCard trade={trade} />);

    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received the pairs' });
    expect(posted).toEqual([]);
    const happens = within(within(dialog).getByRole('list', { name: 'What happens when you confirm' }));
    expect(happens.getByText(/has already confirmed, so the trade completes now/)).toBeTruthy();
    expect(happens.getByText(/your pair \(My Jordan\) become .+'s, and theirs \(Their Dunk\) become yours/)).toBeTruthy();
    expect(happens.getByText(/The \$40 cash held on your card is charged and paid to/)).toBeTruthy();
    expect(happens.getByText('Every protection hold on this trade is released.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Trade Completed')).toBeTruthy();
    expect(posted).toEqual(['receive']);
  });

  it('offers a dispute instead, which opens the dispute form and confirms nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={shippedTrade(['receive', 'dispute'])} />);

    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received the pairs' });
    expect(within(dialog).getByText(/The trade completes when .+ confirms receipt too/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Open a dispute instead' }));

    expect(await screen.findByRole('dialog', { name: 'Open a dispute' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm you received the pairs' })).toBeNull();
    expect(posted).toEqual([]);
  });
});
