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

describe('giving another card for my pending proposal (issue #42)', () => {
  it('lets the proposer whose money the trade holds give another card, and sends it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/trades/42/card', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(buildTrade({}));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    renderWithApp(
      <TradeCard
        trade={buildTrade({
          myRole: 'proposer',
          proposerId: ME_ID,
          receiverId: THEM_ID,
          proposerCashCents: 2500,
          cash: { payerId: ME_ID, payeeId: THEM_ID, amountCents: 2500 },
        })}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Give another card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card updated')).toBeTruthy();
    expect(sent).toEqual([{ cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '40', cvc: '123' } }]);
  });

  it('is not offered to a receiver, nor on a proposal that holds nothing on my card', () => {
    renderWithApp(
      <TradeCard
        trade={buildTrade({
          myRole: 'receiver',
          proposerId: THEM_ID,
          receiverId: ME_ID,
          proposerCashCents: 2500,
          cash: { payerId: THEM_ID, payeeId: ME_ID, amountCents: 2500 },
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Give another card' })).toBeNull();
  });
});
