// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { TradeReturn } from '@soleswap/contracts/trades';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { OverdueReturnsQueue } from './overdue-returns-queue';

const overdue: TradeReturn = {
  id: 7,
  tradeId: 42,
  ownerId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  senderId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  ownerSide: 'proposer',
  sneakerIds: [1],
  status: 'awaiting_return',
  returnBy: '2030-03-18T10:00:00.000Z',
  isOverdue: true,
  tracking: null,
  shippedAt: null,
  receivedAt: null,
  myRole: null,
  hasShipTo: true,
  allowedActions: [],
};

describe('overdue returns on the admins’ disputes page (issue #40)', () => {
  it('lists each pair not shipped back by its deadline', async () => {
    server.use(http.get('*/api/admin/trade-returns/overdue', () => HttpResponse.json([overdue])));
    renderWithApp(<OverdueReturnsQueue />);
    const list = await screen.findByRole('list', { name: 'Overdue returns' });
    expect(within(list).getByText('Trade #42')).toBeTruthy();
    expect(within(list).getByText(/the proposer’s pair, to be shipped back by the receiver by Mar 18, 2030/)).toBeTruthy();
  });

  it('says when none is overdue', async () => {
    server.use(http.get('*/api/admin/trade-returns/overdue', () => HttpResponse.json([])));
    renderWithApp(<OverdueReturnsQueue />);
    expect(await screen.findByText('No return is overdue.')).toBeTruthy();
  });
});
