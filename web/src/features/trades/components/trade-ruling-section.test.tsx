// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReturnShipTo, TradeReturn, TradeRuling } from '@soleswap/contracts/trades';
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

const NOTE = 'Not the listed pair: each pair goes back to its owner.';
const refunded = () => buildTrade({ status: 'cancelled', escrowStatus: 'refunded', allowedActions: [], disputedAt: '2030-03-10T10:00:00.000Z' });

const aReturn = (overrides: Partial<TradeReturn>): TradeReturn => ({
  id: 7,
  tradeId: 42,
  ownerId: THEM_ID,
  senderId: ME_ID,
  ownerSide: 'receiver',
  sneakerIds: [2],
  status: 'awaiting_return',
  returnBy: '2030-03-18T10:00:00.000Z',
  isOverdue: false,
  tracking: null,
  shippedAt: null,
  receivedAt: null,
  myRole: 'sender',
  hasShipTo: true,
  allowedActions: ['ship'],
  ...overrides,
});

function serveRuling(returns: TradeReturn[], shipTo?: ReturnShipTo) {
  const ruling: TradeRuling = { tradeId: 42, outcome: 'cancelled', note: NOTE, ruledAt: '2030-03-11T10:00:00.000Z', returns };
  server.use(
    http.get('*/api/trades/42/ruling', () => HttpResponse.json(ruling)),
    http.get('*/api/trades/42/dispute-evidence', () => HttpResponse.json({ items: [], nextCursor: null })),
    ...(shipTo ? [http.get('*/api/trade-returns/7/ship-to', () => HttpResponse.json(shipTo))] : []),
  );
}

describe("the admin's ruling and returns on the trade page (issue #40)", () => {
  it("shows the admin's note, and the member holding the other's pair where to send it, a slip, the deadline and a ship form", async () => {
    const sent: unknown[] = [];
    serveRuling([aReturn({})], {
      returnId: 7,
      tradeId: 42,
      yourRole: 'sender',
      shipTo: {
        name: 'Them Member',
        line1: '9 Return Rd',
        line2: null,
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
        chosenAt: '2030-03-01T00:00:00.000Z',
      },
      hiddenReason: null,
      visibleUntil: null,
    });
    server.use(
      http.post('*/api/trade-returns/7/ship', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(aReturn({ status: 'returned_shipped', allowedActions: [] }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={refunded()} />);
    const section = await screen.findByRole('region', { name: "The admin's ruling" });
    expect(await within(section).findByText(NOTE)).toBeTruthy();
    const panel = within(section).getByRole('group', { name: 'Return the pair' });
    expect(await within(panel).findByText('9 Return Rd')).toBeTruthy();
    expect(within(panel).getByText(/Mar 18, 2030/)).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: /Return packing slip/ })
        .getAttribute('href'),
    ).toBe('/api/trade-returns/7/packing-slip.pdf');
    await user.type(within(panel).getByLabelText(/Tracking number/), '1Z5R89390357567127');
    await user.click(within(panel).getByRole('button', { name: 'Ship it back' }));
    expect(sent).toEqual([{ trackingNumber: '1Z5R89390357567127' }]);
  });

  it('asks the owner to confirm before marking the return received', async () => {
    const received: unknown[] = [];
    serveRuling([aReturn({ ownerId: ME_ID, senderId: THEM_ID, myRole: 'owner', status: 'returned_shipped', allowedActions: ['receive'] })]);
    server.use(
      http.post('*/api/trade-returns/7/receive', () => {
        received.push(true);
        return HttpResponse.json(aReturn({ status: 'returned', myRole: 'owner', allowedActions: [] }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={refunded()} />);
    const panel = await screen.findByRole('group', { name: 'Your pair comes back' });
    expect(within(panel).queryByRole('group', { name: 'Return the pair' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Mark return received' }));
    expect(received).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your pair is back' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm my pair is back' }));
    expect(received).toEqual([true]);
  });

  it('shows an overdue return as overdue', async () => {
    serveRuling([aReturn({ isOverdue: true })], {
      returnId: 7,
      tradeId: 42,
      yourRole: 'sender',
      shipTo: null,
      hiddenReason: 'not_chosen',
      visibleUntil: null,
    });
    renderWithApp(<TradeCard trade={refunded()} />);
    const panel = await screen.findByRole('group', { name: 'Return the pair' });
    expect(within(panel).getByText('Overdue')).toBeTruthy();
    expect(await within(panel).findByText(/has not chosen where their pair comes back yet/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Ship it back' })).toBeNull();
  });
});
