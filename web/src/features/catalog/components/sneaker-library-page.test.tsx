// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CatalogRelease, CatalogStats } from '@soleswap/contracts/catalog';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { SneakerLibraryPage } from './sneaker-library-page';

const SAMBA: CatalogRelease = {
  id: 75,
  name: "adidas Samba OG 'Cloud White Core Black'",
  brand: 'Adidas',
  model: 'Samba OG',
  colorway: 'Cloud White/Core Black/Clear Granite',
  styleCode: 'B75806',
  releaseDate: '2018-01-01',
  retailPrice: '100.00',
  marketPrice: '110.00',
  priceRangeLow: '90.00',
  priceRangeHigh: '140.00',
  sizes: ['10'],
  popularityRank: 75,
  artworkUrl: '/api/catalog/75/artwork.svg?v=1',
};

const STATS: CatalogStats = {
  total: 100,
  brandCount: 1,
  brands: [{ brand: 'Adidas', count: 100 }],
  verifiedCount: 0,
  averageEstimatedValue: 200,
  averageValueSource: 'catalog',
};

describe('the library search', () => {
  it('offers the spelling the server suggests when nothing matches, and searches it on a click', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized', code: 'UNAUTHENTICATED' }, { status: 401 })),
      http.get('*/api/catalog/stats', () => HttpResponse.json(STATS)),
      http.get('*/api/catalog/prices', () => HttpResponse.json({ period: '30d', lines: [] })),
      http.get('*/api/catalog', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        if (q === 'sanbaa') return HttpResponse.json([], { headers: { 'X-Did-You-Mean': 'samba' } });
        return HttpResponse.json([SAMBA]);
      }),
    );
    renderWithApp(<SneakerLibraryPage />, { path: '/sneaker-library' });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search the library' }), { target: { value: 'sanbaa' } });
    expect(await screen.findByText('Did you mean “samba”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search for “samba”' }));
    expect(await screen.findByRole('article', { name: SAMBA.name })).toBeTruthy();
    expect(asked).toContain('samba');
  }, 20_000);
});
