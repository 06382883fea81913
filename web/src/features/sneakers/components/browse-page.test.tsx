// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker } from '../../../test/build-sneaker';
import { BrowsePage } from './browse-page';

const signedIn = () => server.use(http.get('*/api/auth/user', () => HttpResponse.json(buildUser({ id: 'me' }))));
const signedOut = () =>
  server.use(http.get('*/api/auth/user', () => HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, { status: 401 })));

describe('BrowsePage', () => {
  it('searches with the ?q= term and pages on with the X-Next-Cursor cursor', async () => {
    signedIn();
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('*/api/sneakers', ({ request }) => {
        const params = new URL(request.url).searchParams;
        requests.push(params);
        if (params.get('cursor') === 'page-2') return HttpResponse.json([buildSneaker({ id: 2, name: 'Dunk Low Panda' })]);
        return HttpResponse.json([buildSneaker({ id: 1, name: 'Jordan 4 Bred' })], { headers: { 'X-Next-Cursor': 'page-2' } });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<BrowsePage />, { path: '/browse?q=jordan' });

    expect(await screen.findByText('Jordan 4 Bred')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search sneakers' }) as HTMLInputElement).value).toBe('jordan');
    expect(requests[0]?.get('q')).toBe('jordan');
    expect(requests[0]?.get('brand')).toBe('all');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dunk Low Panda')).toBeTruthy();
    expect(screen.getByText('Jordan 4 Bred')).toBeTruthy();
    expect(requests.at(-1)?.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by a size in any system from the size menu (EU 44 sent as written)', async () => {
    signedOut();
    const sizes: Array<string | null> = [];
    server.use(
      http.get('*/api/sneakers/public', ({ request }) => {
        sizes.push(new URL(request.url).searchParams.get('size'));
        return HttpResponse.json([buildSneaker({ id: 3, name: 'Dunk Low Panda' })]);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<BrowsePage />, { path: '/browse' });

    expect(await screen.findByText('Dunk Low Panda')).toBeTruthy();
    const menu = screen.getByRole('combobox', { name: 'Size filter' });
    expect(screen.getByRole('group', { name: 'EU' })).toBeTruthy();
    expect(screen.getByRole('group', { name: "US women's" })).toBeTruthy();
    await user.selectOptions(menu, 'EU 44');
    await vi.waitFor(() => expect(sizes.at(-1)).toBe('EU 44'));
    await user.selectOptions(menu, '28 cm');
    await vi.waitFor(() => expect(sizes.at(-1)).toBe('28 cm'));
  });

  it('asks visitors the public list and invites them to add the first sneaker when it is empty', async () => {
    signedOut();
    server.use(http.get('*/api/sneakers/public', () => HttpResponse.json([])));
    renderWithApp(<BrowsePage />, { path: '/browse' });

    expect(await screen.findByText('Be the first to add sneakers to the platform!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Your First Sneaker' })).toBeTruthy();
  });

  it('says nothing matched when a filter is active, and Clear Filters resets it', async () => {
    signedIn();
    server.use(
      http.get('*/api/sneakers', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('brand') === 'Vans' ? [] : [buildSneaker({ name: 'Jordan 4 Bred' })]),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<BrowsePage />, { path: '/browse' });
    expect(await screen.findByText('Jordan 4 Bred')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Brand filter'), 'Vans');
    expect(await screen.findByText('No sneakers found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Jordan 4 Bred')).toBeTruthy();
    expect((screen.getByLabelText('Brand filter') as HTMLSelectElement).value).toBe('all');
  });

  it('waits for typing to settle, then searches and writes the term into the address', async () => {
    signedIn();
    const queries: Array<string | null> = [];
    server.use(
      http.get('*/api/sneakers', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q'));
        return HttpResponse.json([buildSneaker({ name: 'Jordan 4 Bred' })]);
      }),
    );
    const user = userEvent.setup();
    const { location } = renderWithApp(<BrowsePage />, { path: '/browse' });
    expect(await screen.findByText('Jordan 4 Bred')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search sneakers' }), 'dunk low');
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/browse?q=dunk+low'));
    // One request for the empty box and one for the settled term: none per keystroke.
    expect(queries).toEqual([null, 'dunk low']);
  });
});
