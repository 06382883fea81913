// @vitest-environment jsdom
import type { Trade, TradeAction } from '@soleswap/contracts/trades';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, buildTradeSneaker, FLAGGED, ME_ID } from '../test/build-trade';
import { TradeCard } from './trade-card';
import { serveInspectionConfig } from '../test/serve-inspection-config';

// The proposal, counter and accept forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

/** Every action button a card can show, by accessible name. */
const ACTION_BUTTONS = [
  'Accept',
  'Decline',
  'Counter',
  'Mark shipped',
  'Mark received',
  'Withdraw',
  'Request cancel',
  'Open dispute',
  'Resolve: complete',
  'Resolve: cancel',
  'Rate',
];

function shownActions(trade: Trade): string[] {
  renderWithApp(<TradeCard trade={trade} />);
  const card = screen.getByRole('article', { name: `Trade #${trade.id}` });
  return ACTION_BUTTONS.filter((name) => within(card).queryByRole('button', { name }) !== null);
}

const asReceiver = (allowedActions: TradeAction[], overrides: Partial<Trade> = {}) =>
  buildTrade({ myRole: 'receiver', proposerId: 'someone-else', receiverId: ME_ID, allowedActions, ...overrides });

/** GET /api/trades/:id/ship-to with the other side's choice made (or not: `chosen` false). */
function shipToAnswer(chosen: boolean) {
  return http.get('*/api/trades/:id/ship-to', ({ params }) =>
    HttpResponse.json({
      tradeId: Number(params.id),
      yourSide: 'receiver',
      mine: null,
      counterparty: chosen
        ? {
            name: 'Pat',
            line1: '1 Main St',
            line2: null,
            city: 'Austin',
            region: 'TX',
            postalCode: '78701',
            country: 'US',
            chosenAt: '2025-01-02T00:00:00.000Z',
          }
        : null,
      receiver: null,
      hiddenReason: chosen ? null : 'not_chosen',
      visibleUntil: null,
    }),
  );
}

describe('trade card', () => {
  beforeEach(() => server.use(shipToAnswer(true)));

  it("counts the counterparty's completed trades, as their profile does", () => {
    const trade = buildTrade();
    renderWithApp(<TradeCard trade={{ ...trade, counterparty: { ...trade.counterparty, totalTrades: 1 } }} />);
    expect(screen.getByText('1 completed trade')).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={{ ...trade, counterparty: { ...trade.counterparty, totalTrades: 3 } }} />);
    expect(screen.getByText('3 completed trades')).toBeTruthy();
  });

  it('says who adds cash to whom, from either side, and nothing for a trade without cash', () => {
    const trade = buildTrade();
    const them = trade.counterparty.id;
    renderWithApp(<TradeCard trade={{ ...trade, proposerCashCents: 12_000, cash: { payerId: ME_ID, payeeId: them, amountCents: 12_000 } }} />);
    expect(screen.getByText('You add $120 cash')).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={{ ...trade, receiverCashCents: 5_000, cash: { payerId: them, payeeId: ME_ID, amountCents: 5_000 } }} />);
    expect(screen.getByText(/adds \$50 cash/)).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={{ ...trade, cash: null }} />);
    expect(screen.queryByText(/cash/)).toBeNull();
  });

  it('offers the receiver of a pending trade exactly accept, decline and counter', () => {
    expect(shownActions(asReceiver(['accept', 'reject', 'counter']))).toEqual(['Accept', 'Decline', 'Counter']);
    expect(screen.queryByText('Waiting for response...')).toBeNull();
  });

  it('tells the proposer of a pending trade it waits for a response, and offers only Withdraw', () => {
    expect(shownActions(buildTrade({ allowedActions: ['cancel'] }))).toEqual(['Withdraw']);
    expect(screen.getByText('Waiting for response...')).toBeTruthy();
  });

  it('shows the escrow actions of an accepted trade, and nothing else', () => {
    const trade = asReceiver(['ship', 'cancel', 'dispute'], {
      status: 'accepted',
      escrowStatus: 'locked',
      acceptedAt: '2025-01-02T00:00:00.000Z',
      blockchainTxHash: 'ab'.repeat(32),
    });
    expect(shownActions(trade)).toEqual(['Mark shipped', 'Request cancel', 'Open dispute']);
    expect(screen.getByText(/Locked in escrow/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on Blockchain' }).getAttribute('href')).toBe(`/ledger/${'ab'.repeat(32)}`);
  });

  it('shows no buttons at all when the server allows nothing', () => {
    expect(shownActions(buildTrade({ status: 'rejected', allowedActions: [] }))).toEqual([]);
  });

  it('marks a pending trade holding a locked sneaker as no longer available', () => {
    shownActions(asReceiver(['reject', 'counter'], { isUnavailable: true }));
    expect(screen.getByText('No longer available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('labels both sides from my point of view and links the counterparty', () => {
    renderWithApp(<TradeCard trade={asReceiver(['accept', 'reject'])} />);
    const give = screen.getByRole('region', { name: 'You give' });
    const get = screen.getByRole('region', { name: 'You get' });
    // As the receiver I give the receiver's sneaker and get the proposer's.
    expect(within(give).getByText('Yeezy Boost 350 Zebra')).toBeTruthy();
    expect(within(get).getByText('Air Jordan 1 Chicago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'sole_sam' }).getAttribute('href')).toMatch(/^\/profile\//);
  });

  it('accepts with an Idempotency-Key and says the trade moved to escrow', async () => {
    let key: string | null = null;
    server.use(
      http.post('*/api/trades/42/accept', ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={asReceiver(['accept', 'reject'])} />);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept trade' }));

    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(screen.getByText('The trade has been accepted and moved to escrow')).toBeTruthy();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why an acceptance failed when the server tells', async () => {
    server.use(
      http.post('*/api/trades/42/accept', () =>
        HttpResponse.json({ code: 'SNEAKER_LOCKED', message: 'A sneaker in this trade is no longer available' }, { status: 409 }),
      ),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={asReceiver(['accept', 'reject'])} />);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept trade' }));

    expect(await screen.findByText('Failed to accept trade: A sneaker in this trade is no longer available')).toBeTruthy();
  });

  it("shows each pair's verdict on both sides, and accepts a flagged pair only once the receiver acknowledges it", async () => {
    let body: unknown = 'none';
    server.use(
      http.post('*/api/trades/42/accept', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    const trade = asReceiver(['accept', 'reject'], {
      proposerSneakers: [buildTradeSneaker({ id: 1, name: 'Suspicious Dunk Low', userId: 'someone-else', verdict: FLAGGED })],
    });
    renderWithApp(<TradeCard trade={trade} />);
    const card = screen.getByRole('article', { name: 'Trade #42' });
    const get = within(within(card).getByRole('region', { name: 'You get' }));
    expect(get.getByText('Flagged for review')).toBeTruthy();
    expect(get.getByText('41% · May 20, 2026')).toBeTruthy();
    expect(within(within(card).getByRole('region', { name: 'You give' })).getByText('Not verified')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    const received = within(within(dialog).getByRole('list', { name: 'You receive' }));
    expect(received.getByText('Suspicious Dunk Low')).toBeTruthy();
    expect(received.getByText('Flagged for review')).toBeTruthy();
    expect(received.getByText(/Condition 9\.5\/10 · Value \$250/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Accept trade' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'I have seen the flag and want to go ahead' }));
    await user.click(confirm);
    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(body).toEqual({ acknowledgeFlagged: true });
  });

  it('ships with the tracking number typed in the dialog, naming its carrier as it is typed', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/trades/42/ship', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={asReceiver(['ship'], { status: 'accepted', acceptedAt: '2025-01-02T00:00:00.000Z' })} />);

    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const field = screen.getByLabelText('Tracking number');
    await user.type(field, '1Z5R8939035756712');
    expect(await screen.findByText('Not a valid UPS, USPS or FedEx tracking number yet: check the digits.')).toBeTruthy();
    await user.type(field, '7 ');
    expect(await screen.findByText('UPS tracking number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));

    expect(await screen.findByText('Marked as Shipped')).toBeTruthy();
    expect(body).toEqual({ trackingNumber: '1Z5R89390357567127' });
  });

  it('keeps Mark shipped disabled, saying why, until the other side has chosen where the parcel goes', async () => {
    server.use(shipToAnswer(false));
    renderWithApp(<TradeCard trade={asReceiver(['ship'], { status: 'accepted', acceptedAt: '2025-01-02T00:00:00.000Z' })} />);
    const explanation = await screen.findByText(/You can ship once .* has chosen a ship-to address for this trade\./);
    const button = screen.getByRole('button', { name: 'Mark shipped' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(explanation.id);
  });

  it('shows the server refusing a tracking number under the field, and keeps the dialog open', async () => {
    const message = 'This is not a valid UPS, USPS or FedEx tracking number';
    server.use(
      http.post('*/api/trades/42/ship', () =>
        HttpResponse.json({ code: 'VALIDATION_FAILED', message: `trackingNumber: ${message}`, fields: { trackingNumber: message } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={asReceiver(['ship'], { status: 'accepted', acceptedAt: '2025-01-02T00:00:00.000Z' })} />);

    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await user.type(screen.getByLabelText('Tracking number'), 'TRACK-123');
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Confirm shipment' })).toBeTruthy();
  });

  it('offers the packing slip once the trade is accepted, not before', () => {
    const view = renderWithApp(<TradeCard trade={asReceiver(['ship'], { status: 'accepted', acceptedAt: '2025-01-02T00:00:00.000Z' })} />);
    const link = screen.getByRole('link', { name: 'Packing slip for trade #42 (PDF, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/api/trades/42/packing-slip.pdf');
    view.unmount();
    renderWithApp(<TradeCard trade={asReceiver(['accept', 'reject', 'counter'])} />);
    expect(screen.queryByRole('link', { name: /Packing slip/ })).toBeNull();
  });

  it('links each shipped parcel to its carrier’s tracking page', () => {
    const tracking = {
      carrier: 'usps' as const,
      carrierName: 'USPS',
      trackingNumber: '9400111202555842332669',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111202555842332669',
    };
    renderWithApp(
      <TradeCard
        trade={asReceiver([], {
          status: 'accepted',
          acceptedAt: '2025-01-02T00:00:00.000Z',
          proposerShippedAt: '2025-01-03T00:00:00.000Z',
          proposerTrackingNumber: tracking.trackingNumber,
          proposerTracking: tracking,
        })}
      />,
    );
    const link = screen.getByRole('link', { name: /Track the parcel on USPS: 9400111202555842332669/ });
    expect(link.getAttribute('href')).toBe(tracking.url);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('rates a completed trade with the chosen stars', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/trades/42/rate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildTrade({ status: 'completed', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    const trade = buildTrade({ status: 'completed', escrowStatus: 'released', allowedActions: ['rate'], canRate: true });
    renderWithApp(<TradeCard trade={trade} />);

    expect(screen.getByText('How was trading with sole_sam?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    const submit = screen.getByRole('button', { name: 'Submit rating' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '4 stars' }));
    await user.click(submit);

    expect(await screen.findByText('Rating Submitted')).toBeTruthy();
    expect(body).toEqual({ score: 4 });
  });

  it('opens the chat the app hands in, and shows the trade’s unread count on its toggle', async () => {
    const user = userEvent.setup();
    const chat = {
      renderChat: (trade: { id: number }, id: string) => (
        <section id={id} aria-label="Chat">
          chat of trade {trade.id}
        </section>
      ),
      unreadByTrade: new Map([[42, 3]]),
    };
    renderWithApp(<TradeCard trade={buildTrade()} chat={chat} />);

    const toggle = screen.getByRole('button', { name: /^Show chat\s*\(3 unread\)$/ });
    await user.click(toggle);
    expect(screen.getByRole('region', { name: 'Chat' }).textContent).toBe('chat of trade 42');
    expect(screen.getByRole('button', { name: /^Hide chat\s*\(3 unread\)$/ }).getAttribute('aria-controls')).toBe(
      screen.getByRole('region', { name: 'Chat' }).id,
    );
  });
});
