// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EarlySignup } from '@soleswap/contracts/early-signups';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AdminSignupsPage } from './admin-signups-page';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const signup = (over: Partial<EarlySignup>): EarlySignup => ({
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  signupDate: '2030-01-10T10:00:00.000Z',
  source: 'coming_soon_page',
  notified: false,
  ipAddress: '203.0.113.5',
  userAgent: null,
  ...over,
});

/** A tiny in-memory server: the list filters on q like the real one, Mark notified flips the flag. */
function adminServer(rows: EarlySignup[]) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/admin/early-signups/summary', () => HttpResponse.json({ total: rows.length, today: 1, uniqueDomains: 2 })),
    http.get('*/api/admin/early-signups', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      queries.push(q);
      return HttpResponse.json(rows.filter((r) => r.name.toLowerCase().includes(q) || r.email.includes(q)));
    }),
    http.post('*/api/admin/early-signups/:id/notified', ({ params }) => {
      const row = rows.find((r) => r.id === Number(params.id))!;
      row.notified = true;
      return HttpResponse.json(row);
    }),
  );
  return queries;
}

describe('AdminSignupsPage', () => {
  it('shows the totals and every field of a row, searches by name or e-mail, and says when nothing matches', async () => {
    const queries = adminServer([signup({}), signup({ id: 2, name: 'Grace Hopper', email: 'grace@navy.example', ipAddress: null, notified: true })]);
    const user = userEvent.setup();
    renderWithApp(<AdminSignupsPage />, { path: '/admin/signups' });

    const ada = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(ada).getByText('ada@example.com')).toBeTruthy();
    expect(within(ada).getByText('Pending')).toBeTruthy();
    expect(ada.textContent).toContain('coming_soon_page');
    expect(ada.textContent).toContain('IP 203.0.113.5');
    expect(within(ada).getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(within(screen.getByRole('listitem', { name: 'Grace Hopper' })).getByText('Notified')).toBeTruthy();
    const totals = screen.getByRole('list', { name: 'Signup totals' });
    expect(within(totals).getAllByText('2')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/early-signups.csv');

    await user.type(screen.getByRole('searchbox', { name: 'Search signups' }), 'navy');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ada Lovelace' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Grace Hopper' })).toBeTruthy();
    expect(queries.at(-1)).toBe('navy');

    await user.clear(screen.getByRole('searchbox', { name: 'Search signups' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search signups' }), 'nobody');
    expect(await screen.findByText('No signups match your search.')).toBeTruthy();
  });

  it('marks a pending signup notified and shows the new badge', async () => {
    adminServer([signup({})]);
    const user = userEvent.setup();
    renderWithApp(<AdminSignupsPage />, { path: '/admin/signups' });

    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    await user.click(within(row).getByRole('button', { name: 'Mark notified' }));
    expect(await within(row).findByText('Notified')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Mark notified' })).toBeNull();
  });

  it('says "No signups yet." on an empty list and "Admins only" when the server refuses', async () => {
    adminServer([]);
    renderWithApp(<AdminSignupsPage />, { path: '/admin/signups' });
    expect(await screen.findByText('No signups yet.')).toBeTruthy();
    cleanup();

    const refuse = () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 });
    server.use(http.get('*/api/admin/early-signups/summary', refuse), http.get('*/api/admin/early-signups', refuse));
    renderWithApp(<AdminSignupsPage />, { path: '/admin/signups' });
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
