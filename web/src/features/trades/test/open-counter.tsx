import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { TradeCard } from '../components/trade-card';
import { buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from './build-trade';

/**
 * They proposed their pair 2 for my pair 1: opens my Counter dialog on that trade card. `sent()` is
 * the counter-offer's body once posted (`POST /api/trades/42/counter`).
 */
export async function openCounterDialog() {
  let body: Record<string, unknown> | null = null;
  server.use(
    http.post('*/api/trades/42/counter', async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(buildTrade({ id: 43 }), { status: 201 });
    }),
    http.get('*/api/trades', () => HttpResponse.json([])),
  );
  const trade = buildTrade({
    myRole: 'receiver',
    proposerId: THEM_ID,
    receiverId: ME_ID,
    allowedActions: ['accept', 'reject', 'counter'],
    proposerSneakerIds: [2],
    receiverSneakerIds: [1],
    proposerSneakers: [buildTradeSneaker({ id: 2, userId: THEM_ID })],
    receiverSneakers: [buildTradeSneaker({ id: 1, userId: ME_ID })],
  });
  const user = userEvent.setup();
  renderWithApp(<TradeCard trade={trade} />);
  await user.click(screen.getByRole('button', { name: 'Counter' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, sent: () => body };
}
