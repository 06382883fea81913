// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Loop, LoopLeg } from '@soleswap/contracts/loops';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { LoopSlotsContext, type LoopSlots } from '../loop-slots';
import { LoopCard } from './loop-card';

const leg = (position: number, from: string, to: string, name: string, value: string): LoopLeg => ({
  position,
  fromUserId: from,
  toUserId: to,
  sneakerIds: [position + 1],
  sneakers: [
    {
      id: position + 1,
      name,
      size: '10',
      condition: '9.5',
      thumbnailUrl: null,
      verdict: { status: 'not_verified', label: 'Not verified', score: null, date: null, isStale: false },
    },
  ],
  value,
  protectionHold: null,
  fromAccepted: false,
  toShipToChosen: false,
  shippedAt: null,
  tracking: null,
  receivedAt: null,
  receiveBy: null,
});

const legs = [
  leg(0, 'me', 'cy', 'Dunk Low Panda', '120.00'),
  leg(1, 'cy', 'bo', 'Jordan 4 Bred', '350.00'),
  leg(2, 'bo', 'me', 'Yeezy 350 Zebra', '280.00'),
];
const loop: Loop = {
  id: 5,
  status: 'proposed',
  escrowStatus: 'pending',
  members: [
    { id: 'me', username: 'kicks' },
    { id: 'cy', username: 'cyclist' },
    { id: 'bo', username: 'bobby' },
  ],
  legs,
  myGive: legs[0]!,
  myReceive: legs[2]!,
  acceptBy: '2026-11-25T10:00:00.000Z',
  shipBy: null,
  lockHash: null,
  completedAt: null,
  closedAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  allowedActions: ['accept', 'decline', 'dispute'],
};

describe('a loop card', () => {
  it('says what the member gives to whom and gets from whom, with values', () => {
    renderWithApp(<LoopCard loop={loop} />);
    expect(screen.getByText(/You give/).textContent).toBe('You give Dunk Low Panda (US 10) ($120.00) to cyclist.');
    expect(screen.getByText(/You get/).textContent).toBe('You get Yeezy 350 Zebra (US 10) ($280.00) from bobby.');
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.startsWith('cyclist → bobby: Jordan 4 Bred'))).toBe(true);
  });

  it('accepts with an Idempotency-Key, and asks for a reason before reporting a problem', async () => {
    const calls: Array<{ url: string; key: string | null; body: unknown }> = [];
    server.use(
      http.post('*/api/loops/5/:action', async ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, key: request.headers.get('idempotency-key'), body: await request.json() });
        return HttpResponse.json(loop);
      }),
      http.get('*/api/loops', () => HttpResponse.json([loop])),
    );
    const user = userEvent.setup();
    renderWithApp(<LoopCard loop={loop} />);
    await user.click(screen.getByRole('button', { name: 'Accept loop' }));
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    await user.type(screen.getByLabelText(/What went wrong/), 'Box was empty');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[0]).toMatchObject({ url: '/api/loops/5/accept', body: {} });
    expect(calls[0]!.key).toBeTruthy();
    expect(calls[1]).toMatchObject({ url: '/api/loops/5/dispute', body: { reason: 'Box was empty' } });
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('asks for the tracking number before shipping, naming the carrier, and links a shipped leg to its tracking page', async () => {
    const fedex = {
      carrier: 'fedex' as const,
      carrierName: 'FedEx',
      trackingNumber: '986578788855',
      url: 'https://www.fedex.com/apps/fedextrack/?tracknumbers=986578788855',
    };
    const shipped: Loop = {
      ...loop,
      status: 'active',
      escrowStatus: 'locked',
      allowedActions: ['receive', 'dispute'],
      legs: [{ ...legs[0]!, shippedAt: '2026-11-23T10:00:00.000Z', tracking: fedex }, legs[1]!, legs[2]!],
    };
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/loops/5/ship', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(shipped);
      }),
      http.get('*/api/loops', () => HttpResponse.json([shipped])),
    );
    const user = userEvent.setup();
    const view = renderWithApp(<LoopCard loop={{ ...loop, status: 'active', escrowStatus: 'locked', allowedActions: ['ship', 'dispute'] }} />);
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await user.type(screen.getByLabelText('Tracking number'), '9865 7878 8855');
    expect(await screen.findByText('FedEx tracking number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    await expect.poll(() => bodies).toEqual([{ trackingNumber: '9865 7878 8855' }]);

    view.unmount();
    renderWithApp(<LoopCard loop={shipped} />);
    expect(screen.getByRole('link', { name: /Track the parcel on FedEx: 986578788855/ }).getAttribute('href')).toBe(fedex.url);
  });

  /** Slots standing in for the app's: a picker offering address 42, a shipping section and a chat that say which loop they show. */
  const slots: LoopSlots = {
    renderShipToPicker: ({ value, onChange }) => (
      <button type="button" onClick={() => onChange(42)}>
        {value === 42 ? 'Home picked' : 'Pick home'}
      </button>
    ),
    renderShipTo: (l) => <p>Shipping addresses of loop {l.id}</p>,
    renderChat: (l) => <p>Chat of loop {l.id}</p>,
    // A card field standing in for the trades feature's: typing "ok" makes a valid card.
    renderHoldCard: ({ onCard }) => (
      <input
        aria-label="Hold card"
        onChange={(e) => onCard(e.target.value === 'ok' ? { cardNumber: '4242424242424242', expMonth: '12', expYear: '2040', cvc: '123' } : null)}
      />
    ),
  };

  it('shows each new trader’s protection hold and asks the member who owes one for a card before accepting', async () => {
    const mine = { ...legs[0]!, protectionHold: { amountCents: 36_000, status: 'due' as const } };
    const theirs = { ...legs[1]!, protectionHold: { amountCents: 35_050, status: 'held' as const }, fromAccepted: true };
    const withHolds: Loop = { ...loop, legs: [mine, theirs, legs[2]!], myGive: mine };
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/loops/5/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(withHolds);
      }),
      http.get('*/api/loops', () => HttpResponse.json([withHolds])),
    );
    const user = userEvent.setup();
    renderWithApp(
      <LoopSlotsContext.Provider value={slots}>
        <LoopCard loop={withHolds} />
      </LoopSlotsContext.Provider>,
    );
    const holds = within(screen.getByRole('list', { name: 'Protection holds' }));
    expect(holds.getByText(/Your pair is covered by a \$360 hold/).parentElement!.textContent).toContain(
      'it is paid to cyclist only if you miss the ship deadline',
    );
    expect(holds.getByText(/cyclist's pair is covered by a \$350\.50 hold/).parentElement!.textContent).toContain(
      'paid to bobby if they miss the ship deadline',
    );

    await user.click(screen.getByRole('button', { name: 'Accept loop' }));
    await user.click(screen.getByRole('button', { name: 'Pick home' }));
    await user.click(screen.getByRole('button', { name: 'Confirm acceptance' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the card that holds your protection hold');
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText('Hold card'), 'ok');
    await user.click(screen.getByRole('button', { name: 'Confirm acceptance' }));
    await expect
      .poll(() => bodies)
      .toEqual([{ shipToAddressId: 42, cashCard: { cardNumber: '4242424242424242', expMonth: '12', expYear: '2040', cvc: '123' } }]);
  });

  it('links every member to their profile', () => {
    renderWithApp(<LoopCard loop={loop} />);
    const links = screen.getAllByRole('link', { name: 'cyclist' });
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link.getAttribute('href')).toBe('/profile/cy');
    expect(screen.getAllByRole('link', { name: 'bobby' })[0]!.getAttribute('href')).toBe('/profile/bo');
  });

  it('accepts with where the member’s pair should arrive, and shows the shipping addresses and the loop chat', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/loops/5/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(loop);
      }),
      http.get('*/api/loops', () => HttpResponse.json([loop])),
    );
    const user = userEvent.setup();
    renderWithApp(
      <LoopSlotsContext.Provider value={slots}>
        <LoopCard loop={loop} />
      </LoopSlotsContext.Provider>,
    );
    expect(screen.getByText('Shipping addresses of loop 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept loop' }));
    await user.click(screen.getByRole('button', { name: 'Pick home' }));
    await user.click(screen.getByRole('button', { name: 'Confirm acceptance' }));
    await expect.poll(() => bodies).toEqual([{ shipToAddressId: 42 }]);

    expect(screen.queryByText('Chat of loop 5')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Loop chat' }));
    expect(screen.getByText('Chat of loop 5')).toBeTruthy();
  });

  it('offers the packing slip of the member’s pair once the loop is binding, and says when their acceptance lacks an address', () => {
    const view = renderWithApp(<LoopCard loop={loop} />);
    expect(screen.queryByRole('link', { name: /packing slip/ })).toBeNull();
    view.unmount();
    const accepted = { ...legs[0]!, fromAccepted: true };
    const view2 = renderWithApp(<LoopCard loop={{ ...loop, myGive: accepted, legs: [accepted, legs[1]!, legs[2]!] }} />);
    expect(screen.getByText(/You accepted without choosing where your pair should go/)).toBeTruthy();
    view2.unmount();
    renderWithApp(<LoopCard loop={{ ...loop, status: 'active', escrowStatus: 'locked', allowedActions: ['ship', 'dispute'] }} />);
    expect(screen.getByRole('link', { name: 'Print the packing slip of your pair' }).getAttribute('href')).toBe('/api/loops/5/packing-slip.pdf');
  });
});
