// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Trade } from '@soleswap/contracts/trades';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade } from '../test/build-trade';
import { TradesPage } from './trades-page';

const scrolledTo: Element[] = [];
beforeAll(() => {
  // jsdom has no layout, so no scrollIntoView: record which element asked to be shown.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});
afterEach(() => {
  scrolledTo.length = 0;
});

const trades: Trade[] = [
  buildTrade({ id: 42, status: 'pending' }),
  buildTrade({ id: 43, status: 'accepted', escrowStatus: 'locked', allowedActions: [] }),
  buildTrade({ id: 44, status: 'cancelled', allowedActions: [] }),
];

const entryOf = (id: number) => screen.getByRole('article', { name: `Trade #${id}` }).closest('li')!;

/**
 * The trades API over `all`: the list filtered by `status` and cut into pages of `pageSize` (the
 * cursor is the index of the next trade), the counts per tab, and one trade by id (404 when it is
 * not among them). Returns the URLs of the list pages asked for.
 */
function serveTrades(all: Trade[], { pageSize = 20, counts }: { pageSize?: number; counts?: Record<string, number> } = {}) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/trades/counts', () =>
      HttpResponse.json(
        counts ?? {
          pending: all.filter((t) => t.status === 'pending').length,
          accepted: all.filter((t) => t.status === 'accepted').length,
          completed: all.filter((t) => t.status === 'completed').length,
          all: all.length,
        },
      ),
    ),
    http.get('*/api/trades/:id', ({ params }) => {
      const trade = all.find((t) => String(t.id) === params.id);
      return trade ? HttpResponse.json(trade) : HttpResponse.json({ code: 'NOT_FOUND', message: 'Trade not found' }, { status: 404 });
    }),
    http.get('*/api/trades', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      const status = url.searchParams.get('status');
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const listed = status ? all.filter((t) => t.status === status) : all;
      const page = listed.slice(start, start + pageSize);
      const next = start + pageSize < listed.length ? { 'X-Next-Cursor': String(start + pageSize) } : undefined;
      return HttpResponse.json(page, { headers: next });
    }),
  );
  return asked;
}

describe('TradesPage ?trade=<id>', () => {
  it('opens the tab holding the linked trade, scrolls it into view, focuses and highlights it', async () => {
    serveTrades(trades);
    renderWithApp(<TradesPage />, { path: '/trades?trade=43' });

    await screen.findByRole('article', { name: 'Trade #43' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Accepted/);
    const entry = entryOf(43);
    await waitFor(() => expect(document.activeElement).toBe(entry));
    expect(scrolledTo).toEqual([entry]);
    expect(entry.getAttribute('aria-current')).toBe('true');
  });

  it('uses the All tab for a trade no status tab lists, and leaves the member free to change tabs', async () => {
    serveTrades(trades);
    const user = userEvent.setup();
    renderWithApp(<TradesPage />, { path: '/trades?trade=44' });

    await screen.findByRole('article', { name: 'Trade #44' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^All/);
    await waitFor(() => expect(document.activeElement).toBe(entryOf(44)));
    expect(entryOf(42).getAttribute('aria-current')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    const pending = screen.getByRole('tabpanel');
    expect(within(pending).getByRole('article', { name: 'Trade #42' })).toBeTruthy();
    expect(within(pending).queryByRole('article', { name: 'Trade #44' })).toBeNull();
  });

  it('brings a trade of the tab already shown into view too', async () => {
    serveTrades(trades);
    renderWithApp(<TradesPage />, { path: '/trades?trade=42' });

    await screen.findByRole('article', { name: 'Trade #42' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Pending/);
    await waitFor(() => expect(document.activeElement).toBe(entryOf(42)));
    expect(scrolledTo).toEqual([entryOf(42)]);
  });

  it('shows a linked trade that is not on the first page of its tab, once', async () => {
    const older = Array.from({ length: 15 }, (_, i) => buildTrade({ id: 60 - i, status: 'pending' }));
    serveTrades(older, { pageSize: 10 });
    const user = userEvent.setup();
    renderWithApp(<TradesPage />, { path: '/trades?trade=46' });

    await screen.findByRole('article', { name: 'Trade #60' });
    const entry = await waitFor(() => entryOf(46));
    await waitFor(() => expect(document.activeElement).toBe(entry));
    expect(entry.getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Trade #50' });
    expect(screen.getAllByRole('article', { name: 'Trade #46' })).toHaveLength(1);
  });

  it('shows the Pending tab as usual without the parameter, or when it names no trade of the member', async () => {
    serveTrades(trades);
    renderWithApp(<TradesPage />, { path: '/trades?trade=999' });

    await screen.findByRole('article', { name: 'Trade #42' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Pending/);
    expect(scrolledTo).toEqual([]);
    expect(entryOf(42).getAttribute('aria-current')).toBeNull();
  });
});

describe('TradesPage lists', () => {
  const many = Array.from({ length: 25 }, (_, i) => buildTrade({ id: 100 - i, status: 'pending' }));

  it('shows the counts the server gives, whatever one page holds', async () => {
    serveTrades([...many, ...trades], { counts: { pending: 26, accepted: 1, completed: 0, all: 504 } });
    renderWithApp(<TradesPage />, { path: '/trades' });

    const counts = await screen.findByRole('list', { name: 'Trade counts' });
    await waitFor(() => expect(within(counts).getByText('504')).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Pending (26)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (504)' })).toBeTruthy();
  });

  it('loads the next page of the tab with "Load more" until every trade is shown', async () => {
    const asked = serveTrades([...many, ...trades], { pageSize: 10 });
    const user = userEvent.setup();
    renderWithApp(<TradesPage />, { path: '/trades' });

    await screen.findByRole('article', { name: 'Trade #100' });
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).getAllByRole('article')).toHaveLength(10);
    expect(asked).toEqual(['/api/trades?status=pending']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Trade #90' });
    expect(within(panel()).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // The 25 pending trades and the one built as #42, each once, newest first.
    await screen.findByRole('article', { name: 'Trade #42' });
    const shown = within(panel())
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label'));
    expect(shown).toEqual([...many.map((t) => `Trade #${t.id}`), 'Trade #42']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks each tab for its own status, and All for every trade', async () => {
    const asked = serveTrades(trades);
    const user = userEvent.setup();
    renderWithApp(<TradesPage />, { path: '/trades' });

    await screen.findByRole('article', { name: 'Trade #42' });
    await user.click(screen.getByRole('tab', { name: /^Accepted/ }));
    expect(await within(screen.getByRole('tabpanel')).findByRole('article', { name: 'Trade #43' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await within(screen.getByRole('tabpanel')).findByRole('article', { name: 'Trade #44' });
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(3);
    expect(asked).toEqual(['/api/trades?status=pending', '/api/trades?status=accepted', '/api/trades']);
  });
});
