// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Want } from '@soleswap/contracts/wants';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { WantsPage } from './wants-page';

const release = (id: number, name: string) => ({
  id,
  name,
  brand: 'Jordan',
  model: 'Air Jordan 4',
  colorway: 'Bred',
  styleCode: `ST-${id}`,
  releaseDate: '2019-05-04',
  retailPrice: '200.00',
  marketPrice: '350.00',
  priceRangeLow: '300.00',
  priceRangeHigh: '400.00',
  sizes: ['9.5', '10', '10.5'],
  popularityRank: id,
  artworkUrl: `/api/catalog/${id}/artwork.svg`,
});

const want = (id: number, rank: number, name: string): Want => ({
  id,
  rank,
  catalogReleaseId: id,
  release: { id, name, brand: 'Jordan', styleCode: `ST-${id}`, sizes: ['10'], marketPrice: '350.00' },
  sizes: ['10'],
  minCondition: '9.0',
  maxValue: null,
  matchingPairs: rank === 1 ? 2 : 0,
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('the wantlist page', () => {
  it('opens with the release a Want button chose and adds it with the sizes ticked', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/wants', () => HttpResponse.json([])),
      http.get('*/api/catalog', () => HttpResponse.json([release(6, 'Air Jordan 4 Thunder'), release(7, 'Air Jordan 4 Bred')])),
      http.post('*/api/wants', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(want(7, 1, 'Air Jordan 4 Bred'), { status: 201 });
      }),
      http.get('*/api/matches', () => HttpResponse.json({ twoWay: [], loops: [] })),
    );
    const user = userEvent.setup();
    renderWithApp(<WantsPage />, { path: '/wants?q=ST-7&release=7' });

    expect(await screen.findByText('Air Jordan 4 Bred', { selector: 'strong' })).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add to wantlist' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'US 10' }));
    await user.type(screen.getByLabelText('Most value you would take ($, optional)'), '400');
    await user.click(add);
    await screen.findByText('Added to your wantlist');
    expect(posted).toEqual([{ catalogReleaseId: 7, sizes: ['US 10'], minCondition: '9', maxValue: '400' }]);
  });

  it('offers the release’s sizes in EU (on its brand’s chart) and sends them so', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/wants', () => HttpResponse.json([])),
      http.get('*/api/catalog', () => HttpResponse.json([release(7, 'Air Jordan 4 Bred')])),
      http.post('*/api/wants', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(want(7, 1, 'Air Jordan 4 Bred'), { status: 201 });
      }),
      http.get('*/api/matches', () => HttpResponse.json({ twoWay: [], loops: [] })),
    );
    const user = userEvent.setup();
    renderWithApp(<WantsPage />, { path: '/wants?q=ST-7&release=7' });

    expect(await screen.findByText('Air Jordan 4 Bred', { selector: 'strong' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Size system'), 'eu');
    await user.click(screen.getByRole('checkbox', { name: 'EU 44' }));
    await user.click(screen.getByRole('checkbox', { name: 'EU 44.5' }));
    await user.click(screen.getByRole('button', { name: 'Add to wantlist' }));
    await screen.findByText('Added to your wantlist');
    expect(posted).toEqual([{ catalogReleaseId: 7, sizes: ['EU 44', 'EU 44.5'], minCondition: '9', maxValue: null }]);
  });

  it('moves a want down with the keyboard-reachable button and shows matching pairs', async () => {
    const orders: unknown[] = [];
    server.use(
      http.get('*/api/wants', () => HttpResponse.json([want(1, 1, 'Dunk Low Panda'), want(2, 2, 'Yeezy 350 Zebra')])),
      http.put('*/api/wants/order', async ({ request }) => {
        orders.push(await request.json());
        return HttpResponse.json([]);
      }),
      http.get('*/api/matches', () => HttpResponse.json({ twoWay: [], loops: [] })),
    );
    const user = userEvent.setup();
    renderWithApp(<WantsPage />, { path: '/wants' });

    const list = await screen.findByRole('list', { name: 'Your wantlist' });
    expect(within(list).getByText('2 listed pairs match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move Dunk Low Panda up' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByRole('button', { name: 'Move Dunk Low Panda down' }).focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => orders).toEqual([{ ids: [2, 1] }]);
  });
});
