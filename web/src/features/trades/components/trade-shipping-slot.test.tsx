// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Trade } from '@soleswap/contracts/trades';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { TradeShippingSlotContext, type TradeShippingSlot } from '../trade-shipping-slot';
import { TradeCard } from './trade-card';

/** The shipping feature as the app hands it in, reduced to what the card places where. */
const SLOT: TradeShippingSlot = {
  renderPanel: (trade) => <section aria-label="Shipping label">Labels of trade #{trade.id}</section>,
  renderAcceptNote: () => <p>Shipping labels: the platform pays for both labels.</p>,
};

const acceptedAsReceiver = (overrides: Partial<Trade> = {}) =>
  buildTrade({
    myRole: 'receiver',
    proposerId: 'someone-else',
    receiverId: ME_ID,
    status: 'accepted',
    escrowStatus: 'locked',
    acceptedAt: '2025-01-02T00:00:00.000Z',
    allowedActions: ['ship', 'cancel'],
    ...overrides,
  });

function renderCard(trade: Trade) {
  renderWithApp(
    <TradeShippingSlotContext.Provider value={SLOT}>
      <TradeCard trade={trade} />
    </TradeShippingSlotContext.Provider>,
  );
  return within(screen.getByRole('article', { name: `Trade #${trade.id}` }));
}

beforeEach(() => {
  serveInspectionConfig();
  server.use(
    http.get('*/api/trades/:id/ship-to', () =>
      HttpResponse.json({ tradeId: 42, yourSide: 'receiver', mine: null, counterparty: null, hiddenReason: 'not_chosen' }),
    ),
  );
});

describe('a trade card with the shipping feature handed in (issue #43)', () => {
  it('ships a direct trade from its label panel: no "Mark shipped" among the actions', () => {
    const card = renderCard(acceptedAsReceiver());
    expect(card.getByRole('region', { name: 'Shipping label' }).textContent).toBe('Labels of trade #42');
    expect(card.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(card.getByRole('button', { name: 'Request cancel' })).toBeTruthy();
  });

  it('leaves a trade via the authentication centre shipping as before, without a label panel', () => {
    const card = renderCard(acceptedAsReceiver({ viaAuthentication: true }));
    expect(card.queryByRole('region', { name: 'Shipping label' })).toBeNull();
    expect(card.getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
  });

  it('has no label panel before the trade is accepted', () => {
    const card = renderCard(buildTrade({ status: 'pending', allowedActions: ['cancel'] }));
    expect(card.queryByRole('region', { name: 'Shipping label' })).toBeNull();
  });

  it('says who pays for labels in the accept dialog, before accepting', async () => {
    const user = userEvent.setup();
    const card = renderCard(buildTrade({ myRole: 'receiver', proposerId: 'someone-else', receiverId: ME_ID, allowedActions: ['accept'] }));
    await user.click(card.getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this trade' }));
    expect(dialog.getByText('Shipping labels: the platform pays for both labels.')).toBeTruthy();
  });
});
