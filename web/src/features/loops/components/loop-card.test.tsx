// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Loop, LoopLeg } from '@soleswap/contracts/loops';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
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
  fromAccepted: false,
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
    expect(screen.getByText(/cyclist → bobby/)).toBeTruthy();
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
});
