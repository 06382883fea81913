// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
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

    const first = await screen.findByRole('article', { name: 'Air Jordan 1' });
    expect(await within(first).findByRole('img', { name: 'Price history from $300.00 to $200.00, low $200.00, high $300.00' })).toBeTruthy();
    const seventh = await screen.findByRole('article', { name: 'Air Jordan 7' });
    expect(await within(seventh).findByRole('img', { name: 'Price history from $100.00 to $107.00, low $100.00, high $107.00' })).toBeTruthy();
    // Cards rendered in later steps reuse the same answer.
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Price history from/ })).toHaveLength(30));
    expect(priceRequests).toHaveLength(1);
    expect(priceRequests[0]!.searchParams.get('ids')).toBe(RELEASES.map((r) => r.id).join(','));
    expect(priceRequests[0]!.searchParams.get('period')).toBe('30d');
  }, 20_000);
});
