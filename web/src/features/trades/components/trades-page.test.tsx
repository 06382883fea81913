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

describe('TradesPage ?trade=<id>', () => {
  it('opens the tab holding the linked trade, scrolls it into view, focuses and highlights it', async () => {
    server.use(http.get('*/api/trades', () => HttpResponse.json(trades)));
    renderWithApp(<TradesPage />, { path: '/trades?trade=43' });

    await screen.findByRole('article', { name: 'Trade #43' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Accepted/);
    const entry = entryOf(43);
    await waitFor(() => expect(document.activeElement).toBe(entry));
    expect(scrolledTo).toEqual([entry]);
    expect(entry.getAttribute('aria-current')).toBe('true');
  });

  it('uses the All tab for a trade no status tab lists, and leaves the member free to change tabs', async () => {
    server.use(http.get('*/api/trades', () => HttpResponse.json(trades)));
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
    server.use(http.get('*/api/trades', () => HttpResponse.json(trades)));
    renderWithApp(<TradesPage />, { path: '/trades?trade=42' });

    await screen.findByRole('article', { name: 'Trade #42' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Pending/);
    await waitFor(() => expect(document.activeElement).toBe(entryOf(42)));
    expect(scrolledTo).toEqual([entryOf(42)]);
  });

  it('shows the Pending tab as usual without the parameter, or when it names no trade of the member', async () => {
    server.use(http.get('*/api/trades', () => HttpResponse.json(trades)));
    renderWithApp(<TradesPage />, { path: '/trades?trade=999' });

    await screen.findByRole('article', { name: 'Trade #42' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Pending/);
    expect(scrolledTo).toEqual([]);
    expect(entryOf(42).getAttribute('aria-current')).toBeNull();
  });
});
