// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FlaggedPair } from '@soleswap/contracts/verification';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AdminVerificationPage } from './admin-verification-page';

const pair: FlaggedPair = {
  sneaker: {
    id: 12,
    name: 'Borrowed Kayano',
    brand: 'Asics',
    model: 'Gel-Kayano 14',
    colorway: 'Cream',
    styleCode: null,
    size: '10',
    condition: '9.0',
    imageUrl: '/uploads/copy.webp',
    isAvailableForTrade: true,
    owner: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', username: 'bob' },
  },
  verdict: { status: 'flagged', label: 'Flagged for review', score: '0.40', date: '2026-05-20T10:00:00.000Z', isStale: false },
  checks: [
    {
      name: 'imageOriginal',
      label: 'Original photo',
      passed: false,
      weight: 0.15,
      critical: true,
      evidence: {
        observed: 'the photo shares 61 keypoints with a photo of sneaker #4',
        expected: "photos of 3 other members' listings",
        summary: 'The photo shows the photo of sneaker #4 of another member, put on that listing earlier.',
        photoMatch: {
          originalUrl: '/uploads/original.webp',
          copyUrl: '/uploads/copy.webp',
          originalRegion: { x: 0.1, y: 0.2, width: 0.7, height: 0.5 },
          copyRegion: { x: 0.2, y: 0.1, width: 0.6, height: 0.6 },
          copyQuad: [
            [0.2, 0.15],
            [0.8, 0.1],
            [0.85, 0.6],
            [0.25, 0.7],
          ],
          matchedPoints: 61,
        },
      },
    },
  ],
  release: null,
  review: null,
  reviewNote: null,
  reviewedAt: null,
  appealedAt: null,
};

describe('a borrowed photo in the verification review queue (#41)', () => {
  it('shows the original beside the copy with the matched regions outlined', async () => {
    server.use(http.get('*/api/admin/verification/flagged', () => HttpResponse.json([pair])));
    renderWithApp(<AdminVerificationPage />);
    const row = within(await screen.findByRole('listitem', { name: 'Borrowed Kayano' }));
    const shown = within(row.getByRole('group', { name: 'Borrowed photo beside the original' }));
    expect(shown.getByRole('img', { name: 'Original photo (earlier listing)' }).getAttribute('src')).toBe('/uploads/original.webp');
    expect(shown.getByRole('img', { name: 'Copy on this listing' }).getAttribute('src')).toBe('/uploads/copy.webp');
    expect(shown.getByText('Copy: 61 matching points')).toBeTruthy();
    const outline = shown.getByTestId('copy-outline');
    expect(outline.getAttribute('points')).toBe('0.2,0.15 0.8,0.1 0.85,0.6 0.25,0.7');
    const box = row.getByRole('group', { name: 'Borrowed photo beside the original' }).querySelector('rect');
    expect([box?.getAttribute('x'), box?.getAttribute('y'), box?.getAttribute('width'), box?.getAttribute('height')]).toEqual([
      '0.1',
      '0.2',
      '0.7',
      '0.5',
    ]);
  });
});
