// @vitest-environment jsdom
import { getConfig, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CatalogRelease, CatalogStats, ReleasePriceLines } from '@soleswap/contracts/catalog';
import { server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render-app';
import { LibraryRoute } from './library-route';

function release(id: number): CatalogRelease {
  return {
    id,
    name: `Air Jordan ${id}`,
    brand: 'Jordan',
    model: 'Air Jordan',
    colorway: 'Bred',
    styleCode: `AJ-${id}`,
    releaseDate: '2024-03-15',
    retailPrice: '180.00',
    marketPrice: '250.00',
    priceRangeLow: '200.00',
    priceRangeHigh: '300.00',
    sizes: ['10'],
    popularityRank: id,
    artworkUrl: `/api/catalog/${id}/artwork.svg?v=1`,
  };
}

const RELEASES = Array.from({ length: 30 }, (_, i) => release(i + 1));
const STATS: CatalogStats = {
  total: 30,
  brandCount: 1,
  brands: [{ brand: 'Jordan', count: 30 }],
  verifiedCount: 0,
  averageEstimatedValue: 250,
  averageValueSource: 'catalog',
};

describe('the library route', () => {
  it("reads every card's 30-day price line in one request and draws each card its own line", async () => {
    const priceRequests: URL[] = [];
    server.use(
      http.get('*/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized', code: 'UNAUTHENTICATED' }, { status: 401 })),
      http.get('*/api/catalog/stats', () => HttpResponse.json(STATS)),
      http.get('*/api/catalog/prices', ({ request }) => {
        const url = new URL(request.url);
        priceRequests.push(url);
        const ids = url.searchParams.get('ids')!.split(',').map(Number);
        const body: ReleasePriceLines = {
          period: '30d',
          lines: ids.map((releaseId) => ({
            releaseId,
            // Release 1 falls, every other one rises.
            points: [
              { at: '2026-11-01T00:00:00.000Z', price: releaseId === 1 ? '300.00' : '100.00', source: 'daily' },
              { at: '2026-11-20T00:00:00.000Z', price: releaseId === 1 ? '200.00' : `${100 + releaseId}.00`, source: 'daily' },
            ],
          })),
        };
        return HttpResponse.json(body);
      }),
      http.get('*/api/catalog', () => HttpResponse.json(RELEASES)),
    );

    renderWithApp(<LibraryRoute />, { path: '/sneaker-library' });

    // The grid renders in time-sliced steps (useDeferredList, then ten cards a step with
    // useRenderedInSteps); React yields every few milliseconds, and findBy's query every 50 ms took
    // those slices on a busy machine, so the later steps never rendered within the wait (10 of 30
    // lines drawn). The waits check on every change of the page and poll only once a second, look for
    // text (role queries over the whole page cost up to seconds), and read the card by role once there.
    // `steps`: the render steps the card waits for, each given findBy's whole wait.
    const card = async (name: string, steps = 1) => {
      await screen.findByText(name, { selector: 'h3' }, { interval: 1_000, timeout: getConfig().asyncUtilTimeout * steps });
      return screen.getByRole('article', { name });
    };
    const first = await card('Air Jordan 1');
    expect(await within(first).findByRole('img', { name: 'Price history from $300.00 to $200.00, low $200.00, high $300.00' })).toBeTruthy();
    const seventh = await card('Air Jordan 7');
    expect(await within(seventh).findByRole('img', { name: 'Price history from $100.00 to $107.00, low $100.00, high $107.00' })).toBeTruthy();
    // Cards rendered in later steps (ten cards a step, useRenderedInSteps) reuse the same answer.
    const last = await card('Air Jordan 30', 2);
    expect(await within(last).findByRole('img', { name: 'Price history from $100.00 to $130.00, low $100.00, high $130.00' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Price history from/ })).toHaveLength(30));
    expect(priceRequests).toHaveLength(1);
    expect(priceRequests[0]!.searchParams.get('ids')).toBe(RELEASES.map((r) => r.id).join(','));
    expect(priceRequests[0]!.searchParams.get('period')).toBe('30d');
  }, 20_000);
});
