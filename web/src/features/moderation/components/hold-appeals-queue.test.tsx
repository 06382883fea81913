// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HoldAppeal } from '@soleswap/contracts/hold-appeals';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { HoldAppealsQueue } from './hold-appeals-queue';

const appeal: HoldAppeal = {
  id: 9,
  tradeId: 42,
  ownerId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  ownerName: 'ann',
  otherId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  otherName: 'ben',
  amountCents: 25_000,
  captureReason: 'failed_authentication',
  capturedAt: '2030-03-10T10:00:00.000Z',
  reason: 'The size tag was replaced by the factory.',
  status: 'open',
  ruling: null,
  takenBackCents: 0,
  platformCents: 0,
  createdAt: '2030-03-11T10:00:00.000Z',
  allowedActions: ['reverse', 'uphold'],
};

describe('the appeals of captured holds, for admins (issue #40)', () => {
  it('lists each open appeal with its reason and reverses one with the note both members read', async () => {
    const rulings: Array<{ path: string; body: unknown }> = [];
    let open = [appeal];
    server.use(
      http.get('*/api/admin/hold-appeals', () => HttpResponse.json(open)),
      http.post('*/api/admin/hold-appeals/9/:action', async ({ request, params }) => {
        rulings.push({ path: String(params.action), body: await request.json() });
        open = [];
        return HttpResponse.json({ ...appeal, status: 'reversed', allowedActions: [] });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<HoldAppealsQueue />);
    const row = await screen.findByRole('listitem', { name: 'Appeal on trade #42' });
    expect(within(row).getByText(/ann’s \$250.00 hold, paid to ben/)).toBeTruthy();
    expect(within(row).getByText('The size tag was replaced by the factory.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Reverse the capture' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/taken back from ben's balance, at most what it holds; the platform pays the rest/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Write the note both members will read')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Note for both members'), 'The receipt proves the size.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No appeals waiting.')).toBeTruthy();
    expect(rulings).toEqual([{ path: 'reverse', body: { note: 'The receipt proves the size.' } }]);
  });
});
