// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Loop, LoopLeg } from '@soleswap/contracts/loops';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { LoopsSection } from './loops-section';

const leg = (position: number, from: string, to: string): LoopLeg => ({
  position,
  fromUserId: from,
  toUserId: to,
  sneakerIds: [position + 1],
  sneakers: [
    {
      id: position + 1,
      name: `Pair ${position + 1}`,
      size: '10',
      condition: '9.5',
      thumbnailUrl: null,
      verdict: { status: 'not_verified', label: 'Not verified', score: null, date: null, isStale: false },
    },
  ],
  value: '100.00',
  protectionHold: null,
  fromAccepted: false,
  toShipToChosen: false,
  shippedAt: null,
  tracking: null,
  receivedAt: null,
  receiveBy: null,
});

function buildLoop(id: number): Loop {
  const legs = [leg(0, 'me', 'cy'), leg(1, 'cy', 'me')];
  return {
    id,
    status: 'proposed',
    escrowStatus: 'pending',
    members: [
      { id: 'me', username: 'kicks' },
      { id: 'cy', username: 'cyclist' },
    ],
    legs,
    myGive: legs[0]!,
    myReceive: legs[1]!,
    acceptBy: '2026-11-25T10:00:00.000Z',
    shipBy: null,
    lockHash: null,
    completedAt: null,
    closedAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    allowedActions: ['accept', 'decline'],
  };
}

describe('the loops section', () => {
  it('shows the first page of loops and the rest after "Load more loops", each once', async () => {
    const loops = Array.from({ length: 25 }, (_, i) => buildLoop(100 - i));
    const asked: string[] = [];
    server.use(
      http.get('*/api/loops', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const next = start + 20 < loops.length ? { 'X-Next-Cursor': String(start + 20) } : undefined;
        return HttpResponse.json(loops.slice(start, start + 20), { headers: next });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<LoopsSection />);

    const section = await screen.findByRole('region', { name: 'Loops' });
    expect(within(section).getByLabelText('Loop 100')).toBeTruthy();
    expect(within(section).queryByLabelText('Loop 80')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more loops' }));
    expect(await within(section).findByLabelText('Loop 76')).toBeTruthy();
    expect(within(section).getAllByLabelText(/^Loop \d+$/)).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more loops' })).toBeNull();
    expect(asked).toEqual(['', '?cursor=20']);
  });

  it('shows nothing for a member without loops', async () => {
    let answered = false;
    server.use(
      http.get('*/api/loops', () => {
        answered = true;
        return HttpResponse.json([]);
      }),
    );
    const { container } = renderWithApp(<LoopsSection />);
    await expect.poll(() => answered).toBe(true);
    expect(container.textContent).toBe('');
  });
});
