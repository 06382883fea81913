// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker } from '../../../test/build-sneaker';
import { AddSneakerDialog } from './add-sneaker-dialog';
import { EditSneakerDialog } from './edit-sneaker-dialog';

// Radix Switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type User = ReturnType<typeof userEvent.setup>;

async function fillRequiredFields(user: User) {
  await user.type(screen.getByLabelText('Name'), 'Air Jordan 4 Bred Reimagined');
  await user.selectOptions(screen.getByLabelText('Brand'), 'Jordan');
  await user.type(screen.getByLabelText('Model'), 'Jordan 4');
  await user.selectOptions(screen.getByLabelText('Size'), '10.5');
  await user.type(screen.getByLabelText('Estimated value'), '240');
}

// The form renders the cover and the eight legit-check photo fields: slow on a busy machine.
describe('AddSneakerDialog', () => {
  it("shows the spec's messages when submitted empty, and sends nothing", async () => {
    const user = userEvent.setup();
    const onPost = vi.fn();
    server.use(http.post('*/api/sneakers', onPost));
    renderWithApp(<AddSneakerDialog open onOpenChange={() => undefined} />);

    await user.click(screen.getByRole('button', { name: 'Add Sneaker' }));

    expect(await screen.findByText('Sneaker name is required')).toBeTruthy();
    expect(screen.getByText('Brand is required')).toBeTruthy();
    expect(screen.getByText('Model is required')).toBeTruthy();
    expect(screen.getByText('Size is required')).toBeTruthy();
    expect(screen.getByText('Estimated value is required')).toBeTruthy();
    // Condition defaults to 10 (Deadstock) and the switch to available.
    expect(screen.queryByText('Condition is required')).toBeNull();
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('10');
    expect(screen.getByLabelText('Available for trading').getAttribute('aria-checked')).toBe('true');
    expect(onPost).not.toHaveBeenCalled();
  }, 30_000);

  it('adds the sneaker, says so and closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/sneakers', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildSneaker(), { status: 201 });
      }),
    );
    renderWithApp(<AddSneakerDialog open onOpenChange={onOpenChange} />);

    await fillRequiredFields(user);
    await user.click(screen.getByLabelText('Available for trading'));
    await user.click(screen.getByRole('button', { name: 'Add Sneaker' }));

    expect(await screen.findByText('Sneaker added to your collection')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({
      name: 'Air Jordan 4 Bred Reimagined',
      brand: 'Jordan',
      model: 'Jordan 4',
      size: '10.5',
      condition: '10',
      estimatedValue: '240.00',
      isAvailableForTrade: false,
    });
  }, 30_000);

  it("shows the server's message in the toast and its field messages under the fields", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    server.use(
      http.post('*/api/sneakers', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Check the highlighted fields',
            fields: { estimatedValue: 'Estimated value can be at most $1,000,000' },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<AddSneakerDialog open onOpenChange={onOpenChange} />);

    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Add Sneaker' }));

    expect(await screen.findByText('Check the highlighted fields')).toBeTruthy();
    expect(screen.getByText('Estimated value can be at most $1,000,000')).toBeTruthy();
    expect(screen.getByLabelText('Estimated value').getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  }, 30_000);
});

describe('AddSneakerDialog with a catalogue release', () => {
  it("fills in the release's style code, so the pair goes out with the code Verify checks", async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    const release = {
      id: 7,
      name: 'Air Jordan 4 Bred Reimagined',
      brand: 'Jordan',
      model: 'Air Jordan 4',
      colorway: 'Black/Fire Red',
      styleCode: 'FV5029-006',
      releaseDate: '2024-02-17',
      retailPrice: '215.00',
      marketPrice: '260.00',
      priceRangeLow: '230.00',
      priceRangeHigh: '300.00',
      sizes: ['10', '10.5'],
      popularityRank: 1,
      artworkUrl: '/api/catalog/7/artwork.svg',
    } satisfies CatalogRelease;
    server.use(
      http.get('*/api/catalog', () => HttpResponse.json([release])),
      http.post('*/api/sneakers', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildSneaker(), { status: 201 });
      }),
    );
    renderWithApp(<AddSneakerDialog open onOpenChange={() => undefined} />);

    await user.type(screen.getByRole('combobox', { name: 'Find it in the catalogue' }), 'bred');
    await user.pointer({
      keys: '[MouseLeft>]',
      target: await screen.findByRole('option', { name: /Air Jordan 4 Bred Reimagined/ }, { timeout: 5000 }),
    });

    expect((screen.getByLabelText('Style code (optional)') as HTMLInputElement).value).toBe('FV5029-006');
    expect(screen.getByText('Linked to Air Jordan 4 Bred Reimagined')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Size'), '10.5');
    await user.click(screen.getByRole('button', { name: 'Add Sneaker' }));

    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ catalogReleaseId: 7, styleCode: 'FV5029-006', model: 'Air Jordan 4' });
    // The typeahead waits for its debounce and the form loads its checks lazily: slow on a busy machine.
  }, 30_000);
});

describe('EditSneakerDialog', () => {
  it('saves the edited fields with the rest of the sneaker as it is', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put('*/api/sneakers/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildSneaker());
      }),
      // A list's sneaker carries no photos: the dialog loads the one-sneaker view for them.
      http.get('*/api/sneakers/:id', () => HttpResponse.json({ ...sneaker, photos: [], sizeTagPhoto: null })),
    );
    const sneaker = buildSneaker({ id: 5, condition: '9.0', estimatedValue: '250.00' });
    renderWithApp(<EditSneakerDialog sneaker={sneaker} open onOpenChange={() => undefined} />);

    expect(((await screen.findByLabelText('Condition')) as HTMLSelectElement).value).toBe('9');
    const value = screen.getByLabelText('Estimated value');
    await user.clear(value);
    await user.type(value, '275');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ estimatedValue: '275.00', condition: '9', name: sneaker.name, size: '10.5' });
    expect(await screen.findByText('Sneaker updated')).toBeTruthy();
  });
});
