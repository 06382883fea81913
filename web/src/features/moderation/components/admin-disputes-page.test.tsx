// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@soleswap/contracts/chat';
import type { TradeHistoryEvent } from '@soleswap/contracts/moderation';
import type { Trade, TradeSneaker } from '@soleswap/contracts/trades';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AdminDisputesPage } from './admin-disputes-page';

const ANN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BEN = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const pair = (id: number, name: string, userId: string): TradeSneaker => ({
  id,
  name,
  brand: 'Nike',
  size: '10',
  condition: '9.0',
  estimatedValue: '200.00',
  marketPrice: null,
  imageUrl: null,
  thumbnailUrl: null,
  userId,
  verdict: { status: 'not_verified', label: 'Not verified', score: null, date: null, isStale: false },
});

/** A trade Ann proposed to Ben, shipped both ways and disputed by Ben; seen by an admin. */
const disputed = {
  id: 7,
  proposerId: ANN,
  receiverId: BEN,
  status: 'disputed',
  proposerSneakerIds: [1],
  receiverSneakerIds: [2],
  proposerMessage: null,
  receiverMessage: null,
  blockchainTxHash: null,
  escrowStatus: 'locked',
  parentTradeId: null,
  acceptedAt: '2030-01-02T10:00:00.000Z',
  proposerShippedAt: '2030-01-03T10:00:00.000Z',
  receiverShippedAt: '2030-01-03T11:00:00.000Z',
  proposerTrackingNumber: '1Z-ANN',
  receiverTrackingNumber: '1Z-BEN',
  proposerReceivedAt: null,
  receiverReceivedAt: null,
  proposerReceiveBy: null,
  receiverReceiveBy: null,
  proposerCancelRequestedAt: null,
  receiverCancelRequestedAt: null,
  disputeReason: 'The box was empty',
  disputedById: BEN,
  disputedAt: '2030-01-05T10:00:00.000Z',
  completedAt: null,
  closedAt: null,
  expiresAt: '2030-01-08T00:00:00.000Z',
  shipBy: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-05T10:00:00.000Z',
  allowedActions: [],
  isUnavailable: false,
  myRole: 'proposer',
  counterparty: { id: BEN, username: 'ben', firstName: null, lastName: null, profileImageUrl: null, reputation: '4.00', totalTrades: 2 },
  proposerSneakers: [pair(1, 'Dunk Low Panda', ANN)],
  receiverSneakers: [pair(2, 'Air Max 1', BEN)],
  myRating: null,
  canRate: false,
} as unknown as Trade;

const history: TradeHistoryEvent[] = [
  {
    id: 1,
    action: 'propose',
    actorId: ANN,
    actorName: 'ann',
    fromStatus: null,
    toStatus: 'pending',
    data: null,
    createdAt: '2030-01-01T10:00:00.000Z',
  },
  {
    id: 2,
    action: 'dispute',
    actorId: BEN,
    actorName: 'ben',
    fromStatus: 'accepted',
    toStatus: 'disputed',
    data: { reason: 'The box was empty' },
    createdAt: '2030-01-05T10:00:00.000Z',
  },
];

const message = (id: number, senderId: string, content: string): ChatMessage => ({
  id,
  tradeId: 7,
  conversationId: null,
  senderId,
  content,
  imageUrl: null,
  createdAt: `2030-01-0${Math.min(id, 9)}T12:00:00.000Z`,
});

describe('AdminDisputesPage', () => {
  // The page also lists appeals of captured holds (hold-appeals-queue.test.tsx) and overdue returns: none here.
  beforeEach(() => {
    server.use(
      http.get('*/api/admin/hold-appeals', () => HttpResponse.json([])),
      http.get('*/api/admin/trade-returns/overdue', () => HttpResponse.json([])),
    );
  });

  it("shows the disputed trade's chat oldest first, read-only, and loads older messages on demand", async () => {
    const requested: string[] = [];
    server.use(
      http.get('*/api/admin/disputes', () => HttpResponse.json([disputed])),
      http.get('*/api/admin/disputes/7/history', () => HttpResponse.json(history)),
      http.get('*/api/trades/7/dispute-evidence', () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get('*/api/trades/7/messages', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        requested.push(before ?? 'newest');
        return before === '3'
          ? HttpResponse.json({ messages: [message(1, ANN, 'Shipping today'), message(2, BEN, 'Same here')], nextBefore: null })
          : HttpResponse.json({ messages: [message(3, BEN, 'Your box arrived empty'), message(4, ANN, 'I packed them myself')], nextBefore: 3 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AdminDisputesPage />, { path: '/admin/disputes' });

    const card = await screen.findByRole('listitem', { name: 'Trade #7' });
    const chat = within(card).getByRole('region', { name: 'Chat' });
    // "sender: text" of each message, top to bottom.
    const texts = async () =>
      within(await within(chat).findByRole('list', { name: 'Messages' }))
        .getAllByRole('listitem')
        .map((li) => `${li.querySelector('span')?.textContent}: ${li.querySelector('p')?.textContent}`);

    await within(chat).findByText('Your box arrived empty');
    expect(await texts()).toEqual(['ben: Your box arrived empty', 'ann: I packed them myself']);
    // Read-only: nothing to type into, no send button.
    expect(within(chat).queryByRole('textbox')).toBeNull();
    expect(within(chat).queryByRole('button', { name: /send/i })).toBeNull();

    await user.click(within(chat).getByRole('button', { name: 'Load older' }));
    await within(chat).findByText('Shipping today');
    expect(await texts()).toEqual(['ann: Shipping today', 'ben: Same here', 'ben: Your box arrived empty', 'ann: I packed them myself']);
    expect(within(chat).queryByRole('button', { name: 'Load older' })).toBeNull();
    expect(requested).toEqual(['newest', '3']);

    // The evidence and the audit history stay beside it.
    expect(within(card).getByText('Tracking: 1Z-ANN')).toBeTruthy();
    expect(within(card).getByText('Tracking: 1Z-BEN')).toBeTruthy();
    expect(within(card).getByText('History (2 steps)')).toBeTruthy();
  });

  it("shows each side's notes and photos beside the chat", async () => {
    // Dispute photos are private, served by the trade's own route (issue #39).
    const PHOTOS = '/api/trades/7/dispute-evidence/photos';
    server.use(
      http.get('*/api/admin/disputes', () => HttpResponse.json([disputed])),
      http.get('*/api/admin/disputes/7/history', () => HttpResponse.json(history)),
      http.get('*/api/trades/7/messages', () => HttpResponse.json({ messages: [message(3, BEN, 'Your box arrived empty')], nextBefore: null })),
      http.get('*/api/trades/7/dispute-evidence', () =>
        HttpResponse.json({
          items: [
            {
              id: 1,
              tradeId: 7,
              userId: BEN,
              side: 'receiver',
              note: 'Only paper inside',
              photos: [{ imageUrl: `${PHOTOS}/${'b'.repeat(32)}.webp`, thumbnailUrl: `${PHOTOS}/${'b'.repeat(32)}-400.webp` }],
              createdAt: '2030-01-05T11:00:00.000Z',
            },
            {
              id: 2,
              tradeId: 7,
              userId: ANN,
              side: 'proposer',
              note: 'I have the scale receipt: 2 kg',
              photos: [],
              createdAt: '2030-01-05T12:00:00.000Z',
            },
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithApp(<AdminDisputesPage />, { path: '/admin/disputes' });

    const card = await screen.findByRole('listitem', { name: 'Trade #7' });
    const evidence = within(card).getByRole('region', { name: 'Evidence' });
    await within(evidence).findByText('Only paper inside');
    expect(within(evidence).getByText('I have the scale receipt: 2 kg')).toBeTruthy();
    expect(within(evidence).getByText('ben (receiver)')).toBeTruthy();
    const photo = within(evidence).getByRole('img', { name: /Photo 1 from ben/ });
    expect(photo.getAttribute('src')).toBe(`${PHOTOS}/${'b'.repeat(32)}-400.webp`);
    expect(photo.closest('a')?.getAttribute('href')).toBe(`${PHOTOS}/${'b'.repeat(32)}.webp`);
    // The chat is right beside it.
    expect(await within(within(card).getByRole('region', { name: 'Chat' })).findByText('Your box arrived empty')).toBeTruthy();
  });

  it('says so when the chat cannot be loaded, and still shows the rest of the dispute', async () => {
    server.use(
      http.get('*/api/admin/disputes', () => HttpResponse.json([disputed])),
      http.get('*/api/admin/disputes/7/history', () => HttpResponse.json(history)),
      http.get('*/api/trades/7/dispute-evidence', () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get('*/api/trades/7/messages', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Trade not found' }, { status: 404 })),
    );
    renderWithApp(<AdminDisputesPage />, { path: '/admin/disputes' });

    const card = await screen.findByRole('listitem', { name: 'Trade #7' });
    expect(await within(within(card).getByRole('region', { name: 'Chat' })).findByRole('alert')).toBeTruthy();
    expect(within(card).getByText('Opened by ben')).toBeTruthy();
    expect(within(card).getByText('Tracking: 1Z-BEN')).toBeTruthy();
  });
});
