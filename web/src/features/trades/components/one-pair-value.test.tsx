// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker, buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { CreateTradePage } from './create-trade-page';
import { TradeCard } from './trade-card';

/**
 * Issue #42: a member saw one pair at three values on one screen (the estimate on the card, the
 * market value in the meter and the hold). The trade card and the accept dialog now show each pair
 * at the one valuation of contracts/src/pair-value.ts: market price by condition, else the estimate.
 */
describe('one value per pair on the trade page', () => {
  // Their pair: estimated at $100 by its owner, $300 at market in condition 9 ($270).
  const trade = buildTrade({
    myRole: 'receiver',
    proposerId: THEM_ID,
    receiverId: ME_ID,
    allowedActions: ['accept', 'reject'],
    proposerSneakers: [
      buildTradeSneaker({ id: 1, userId: THEM_ID, name: 'Yeezy Boost 350 Zebra', condition: '9.0', estimatedValue: '100.00', marketPrice: '300.00' }),
    ],
    receiverSneakers: [buildTradeSneaker({ id: 2, userId: ME_ID, name: 'Dunk Low', condition: '8.0', estimatedValue: '200.00', marketPrice: null })],
    protectionHolds: [{ side: 'proposer', amountCents: 27_000, status: 'due' }],
  });

  it('shows the pair at $270 on the card, in the accept dialog and on the meter, never at its $100 estimate', async () => {
    serveInspectionConfig();
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={trade} />);
    const youGet = screen.getByRole('region', { name: 'You get' });
    expect(within(youGet).getAllByText(/\$270\.00/).length).toBe(2);
    expect(within(youGet).queryByText(/\$100\.00/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'You give' })).getAllByText(/\$200\.00/).length).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(within(dialog).getByRole('list', { name: 'You receive' })).getByText(/Value \$270\.00/)).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Fair value' })).getByText('Pairs $270 (market price by condition)')).toBeTruthy();
  });

  it('shows the pair at its one value in the proposal picker too', async () => {
    serveInspectionConfig();
    server.use(
      http.get(`*/api/users/${THEM_ID}`, () => HttpResponse.json(buildUser({ id: THEM_ID, username: 'sole_sam' }))),
      http.get('*/api/trades/protection-holds', () => HttpResponse.json({ protectionHolds: [] })),
      http.get(`*/api/sneakers/user/${ME_ID}`, () =>
        HttpResponse.json([buildSneaker({ id: 1, userId: ME_ID, name: 'Dunk Low', estimatedValue: '200.00', marketPrice: null })]),
      ),
      http.get(`*/api/sneakers/user/${THEM_ID}`, () =>
        HttpResponse.json([
          buildSneaker({ id: 2, userId: THEM_ID, name: 'Yeezy Boost 350 Zebra', condition: '9.0', estimatedValue: '100.00', marketPrice: '300.00' }),
        ]),
      ),
    );
    renderWithApp(<CreateTradePage currentUser={buildUser({ id: ME_ID, username: 'kicks' })} isLoadingUser={false} />, {
      path: `/trades/create?target=2&owner=${THEM_ID}&offer=1`,
    });
    const pick = await screen.findByRole('button', { name: /Yeezy Boost 350 Zebra/ });
    expect(pick.textContent).toContain('$270.00');
    expect(pick.textContent).not.toContain('$100.00');
  });
});
