// @vitest-environment jsdom
import type { DisputeEvidence } from '@soleswap/contracts/trades';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { DisputeEvidenceSection } from './dispute-evidence-section';

/** Dispute photos are private: served by the trade's own route, never under the public /uploads/ (issue #39). */
const PHOTOS = '/api/trades/42/dispute-evidence/photos';
const MINE = `${PHOTOS}/${'c'.repeat(32)}.webp`;

const theirs: DisputeEvidence = {
  id: 1,
  tradeId: 42,
  userId: THEM_ID,
  side: 'receiver',
  note: 'The box was empty',
  photos: [{ imageUrl: `${PHOTOS}/${'a'.repeat(32)}.webp`, thumbnailUrl: `${PHOTOS}/${'a'.repeat(32)}-400.webp` }],
  createdAt: '2030-01-05T11:00:00.000Z',
};

describe('DisputeEvidenceSection', () => {
  it("shows the other side's evidence and sends my note and photo, uploaded privately to the dispute first", async () => {
    const items: DisputeEvidence[] = [theirs];
    const sent: unknown[] = [];
    let uploads = 0;
    server.use(
      http.get('*/api/trades/42/dispute-evidence', () => HttpResponse.json({ items, nextCursor: null })),
      http.post('*/api/trades/42/dispute-evidence/photos', () => {
        uploads += 1;
        return HttpResponse.json({ imageUrl: MINE, thumbnailUrl: MINE.replace('.webp', '-400.webp') }, { status: 201 });
      }),
      // The public upload route must not be used for evidence: its pictures are anyone's to fetch.
      http.post('*/api/uploads', () => HttpResponse.json({ code: 'INTERNAL', message: 'not for evidence' }, { status: 500 })),
      http.post('*/api/trades/42/dispute-evidence', async ({ request }) => {
        const body = (await request.json()) as { note?: string; imageUrls: string[] };
        sent.push(body);
        const added: DisputeEvidence = {
          ...theirs,
          id: 2,
          userId: ME_ID,
          side: 'proposer',
          note: body.note ?? null,
          photos: body.imageUrls.map((imageUrl) => ({ imageUrl, thumbnailUrl: imageUrl.replace('.webp', '-400.webp') })),
        };
        items.push(added);
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const trade = buildTrade({ status: 'disputed', disputedAt: '2030-01-05T10:00:00.000Z' });
    renderWithApp(<DisputeEvidenceSection trade={trade} />);

    const section = screen.getByRole('region', { name: 'Dispute evidence' });
    await within(section).findByText('The box was empty');
    expect(
      within(section)
        .getByRole('img', { name: /Photo 1 from/ })
        .getAttribute('src'),
    ).toBe(`${PHOTOS}/${'a'.repeat(32)}-400.webp`);
    expect(
      within(section)
        .getByRole('link', { name: /Photo 1 from/ })
        .getAttribute('href'),
    ).toBe(`${PHOTOS}/${'a'.repeat(32)}.webp`);
    expect(within(section).getByRole('button', { name: 'Add evidence' })).toHaveProperty('disabled', true);

    await user.type(within(section).getByRole('textbox', { name: 'Note (optional)' }), 'I shipped them, see the scale photo');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'scale.png', { type: 'image/png' });
    await user.upload(within(section).getByLabelText('Photos (optional)'), photo);
    await user.click(within(section).getByRole('button', { name: 'Add evidence' }));

    await within(section).findByText('I shipped them, see the scale photo');
    expect(uploads).toBe(1);
    expect(sent).toEqual([{ note: 'I shipped them, see the scale photo', imageUrls: [MINE] }]);
    expect(
      within(section)
        .getByRole('img', { name: /Photo 1 from You/ })
        .getAttribute('src'),
    ).toBe(MINE.replace('.webp', '-400.webp'));
  });

  it('offers no form once the dispute is resolved, and keeps the evidence readable', async () => {
    server.use(http.get('*/api/trades/42/dispute-evidence', () => HttpResponse.json({ items: [theirs], nextCursor: null })));
    renderWithApp(<DisputeEvidenceSection trade={buildTrade({ status: 'completed', disputedAt: '2030-01-05T10:00:00.000Z' })} />);
    const section = screen.getByRole('region', { name: 'Dispute evidence' });
    await within(section).findByText('The box was empty');
    expect(within(section).queryByRole('button', { name: 'Add evidence' })).toBeNull();
  });
});
