// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlaggedPair } from '@soleswap/contracts/verification';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AdminVerificationPage } from './admin-verification-page';

const pair: FlaggedPair = {
  sneaker: {
    id: 9,
    name: 'Questionable Jordan 1',
    brand: 'Jordan',
    model: 'Air Jordan 1',
    colorway: 'Chicago',
    styleCode: 'XX-1',
    size: '10',
    condition: '9.0',
    imageUrl: '/uploads/q.webp',
    isAvailableForTrade: true,
    owner: { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', username: 'ann' },
  },
  verdict: { status: 'flagged', label: 'Flagged for review', score: '0.38', date: '2026-05-20T10:00:00.000Z', isStale: false },
  checks: [
    {
      name: 'styleCode',
      label: 'Style code format',
      passed: false,
      weight: 0.2,
      critical: true,
      evidence: { observed: 'style code XX-1', expected: 'Jordan format like DZ5485-612', summary: 'XX-1 is not a Jordan style code.' },
    },
  ],
  release: { id: 3, name: 'Air Jordan 1 Chicago', styleCode: 'DZ5485-612', colorway: 'Chicago', imageUrl: '/api/catalog/3/artwork.svg?v=1' },
  review: null,
  reviewNote: null,
  reviewedAt: null,
  appealedAt: '2026-05-21T10:00:00.000Z',
};

describe('the verification review queue', () => {
  it('shows the photo beside the matched release with the evidence, and clears a flag only with a note', async () => {
    let body: unknown = null;
    server.use(
      http.get('*/api/admin/verification/flagged', () => HttpResponse.json([pair])),
      http.post('*/api/admin/verification/9/clear', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...pair.sneaker, review: 'cleared' });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AdminVerificationPage />);
    const row = within(await screen.findByRole('listitem', { name: 'Questionable Jordan 1' }));
    expect(row.getByText('Flagged for review')).toBeTruthy();
    expect(row.getByText('Appealed by the owner')).toBeTruthy();
    expect(row.getByRole('img', { name: 'Listing photo of Questionable Jordan 1' })).toBeTruthy();
    expect(row.getByRole('img', { name: 'Catalogue release Air Jordan 1 Chicago' })).toBeTruthy();
    expect(row.getByText(/Style code format: Failed \(critical\)/)).toBeTruthy();
    expect(row.getByText(/Observed style code XX-1; expected Jordan format like DZ5485-612/)).toBeTruthy();

    const clear = row.getByRole('button', { name: 'Clear flag' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    await user.type(row.getByLabelText('Note (required to clear)'), 'Box label misread');
    await user.click(clear);
    expect(await screen.findByText('Flag cleared')).toBeTruthy();
    expect(body).toEqual({ note: 'Box label misread' });
  });

  it('tells a member it is for admins only', async () => {
    server.use(http.get('*/api/admin/verification/flagged', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 })));
    renderWithApp(<AdminVerificationPage />);
    expect(await screen.findByText('Admins only')).toBeTruthy();
  });
});
