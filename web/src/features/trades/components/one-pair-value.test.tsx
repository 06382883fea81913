// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
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
});
