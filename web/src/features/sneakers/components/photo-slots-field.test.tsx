// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PHOTO_SLOT_GUIDE } from '@soleswap/contracts/sneaker-photos';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker } from '../../../test/build-sneaker';
import { AddSneakerDialog } from './add-sneaker-dialog';
import { EditSneakerDialog } from './edit-sneaker-dialog';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** Each upload answers a new stored URL, as POST /api/uploads does. */
function acceptUploads() {
  let n = 0;
  server.use(
    http.post('*/api/uploads', () => {
      n += 1;
      return HttpResponse.json(
        { imageUrl: `/uploads/aa/${String(n).padStart(32, '0')}.webp`, thumbnailUrl: `/uploads/aa/${String(n).padStart(32, '0')}-400.webp` },
        { status: 201 },
      );
    }),
  );
}

describe('the legit-check photo slots (issue #28)', () => {
  it('asks for each part with what to photograph, and sends the uploaded photos with the pair', async () => {
    const user = userEvent.setup();
    acceptUploads();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/sneakers', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildSneaker(), { status: 201 });
      }),
    );
    renderWithApp(<AddSneakerDialog open onOpenChange={() => undefined} />);

    const slots = screen.getByRole('group', { name: 'Photos for the legit check' });
    for (const slot of ['side', 'toe_box', 'heel', 'size_tag', 'insole', 'box_label', 'proof_note'] as const) {
      expect(within(slots).getByLabelText(`${PHOTO_SLOT_GUIDE[slot].label} photo`)).toBeTruthy();
      expect(within(slots).getByText(PHOTO_SLOT_GUIDE[slot].hint)).toBeTruthy();
    }
    expect(within(slots).getByText(/sharp enough to read the style code and size/)).toBeTruthy();

    await user.upload(within(slots).getByLabelText('Side photo'), png('side.png'));
    await user.upload(within(slots).getByLabelText('Size tag photo'), png('tag.png'));
    await user.upload(within(slots).getByLabelText('Extra photo 1'), png('sole.png'));
    // The extra is shown, and another extra slot opens while the listing has room.
    expect(await within(slots).findByLabelText('Extra photo 2')).toBeTruthy();
    expect(within(slots).getByRole('button', { name: 'Remove size tag photo' })).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Air Jordan 4 Bred Reimagined');
    await user.selectOptions(screen.getByLabelText('Brand'), 'Jordan');
    await user.type(screen.getByLabelText('Model'), 'Jordan 4');
    await user.selectOptions(screen.getByLabelText('Size'), '10.5');
    await user.type(screen.getByLabelText('Estimated value'), '240');
    await user.click(screen.getByRole('button', { name: 'Add Sneaker' }));

    await waitFor(() => expect(body).toBeDefined());
    expect(body!.photos).toEqual([
      { slot: 'side', url: `/uploads/aa/${'1'.padStart(32, '0')}.webp` },
      { slot: 'size_tag', url: `/uploads/aa/${'2'.padStart(32, '0')}.webp` },
      { slot: 'extra', url: `/uploads/aa/${'3'.padStart(32, '0')}.webp` },
    ]);
  }, 30_000);

  it('edits a listing from a list with the photos it holds: replacing one sends the rest unchanged', async () => {
    const user = userEvent.setup();
    acceptUploads();
    const heel = { slot: 'heel' as const, url: `/uploads/bb/${'b'.repeat(32)}.webp`, thumbnailUrl: `/uploads/bb/${'b'.repeat(32)}-400.webp` };
    const tag = { slot: 'size_tag' as const, url: `/uploads/bb/${'c'.repeat(32)}.webp`, thumbnailUrl: `/uploads/bb/${'c'.repeat(32)}-400.webp` };
    const listed = buildSneaker({ id: 9 });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/sneakers/9', () => HttpResponse.json({ ...listed, photos: [heel, tag], sizeTagPhoto: tag })),
      http.put('*/api/sneakers/9', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(listed);
      }),
    );
    renderWithApp(<EditSneakerDialog sneaker={listed} open onOpenChange={() => undefined} />);

    const slots = await screen.findByRole('group', { name: 'Photos for the legit check' });
    expect(within(slots).getByAltText('Preview of the heel photo').getAttribute('src')).toBe(heel.thumbnailUrl);
    await user.upload(within(slots).getByLabelText('Size tag photo'), png('new-tag.png'));
    await waitFor(() => expect(within(slots).getByAltText('Preview of the size tag photo').getAttribute('src')).toMatch(/-400\.webp$/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(body).toBeDefined());
    expect(body!.photos).toEqual([
      { slot: 'heel', url: heel.url },
      { slot: 'size_tag', url: `/uploads/aa/${'1'.padStart(32, '0')}.webp` },
    ]);
  }, 30_000);
});
