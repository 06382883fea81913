// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatUnread } from '@soleswap/contracts/chat';
import type { ClearingRunResult } from '@soleswap/contracts/loops';
import type { NotificationPage } from '@soleswap/contracts/notifications';
import { server } from '../../test/msw-server';
import { buildUser } from '../../test/build-user';
import { renderWithApp } from '../../test/render-app';
import { NavBar } from './nav-bar';

const ADMIN_PAGES = [
  ['Signups', '/admin/signups'],
  ['Reports', '/admin/reports'],
  ['Disputes', '/admin/disputes'],
  ['Site statistics', '/analytics-dashboard'],
];

/** What the bar loads on its own (unread counts), so every test starts from a quiet bar. */
beforeEach(() => {
  server.use(
    http.get('*/api/chat/unread', () => HttpResponse.json({ total: 0, trades: [], conversations: [] } satisfies ChatUnread)),
    http.get('*/api/notifications', () => HttpResponse.json({ items: [], nextCursor: null, unreadCount: 0 } satisfies NotificationPage)),
  );
});

function phoneMenu() {
  const button = screen.getByRole('button', { name: 'Close menu' });
  return document.getElementById(button.getAttribute('aria-controls') ?? '')!;
}

describe('NavBar Admin menu', () => {
  it('gives admins an Admin menu with every admin page, on the desktop bar and in the phone menu', async () => {
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser({ role: 'admin' })} />);

    await user.click(screen.getByRole('button', { name: 'Admin' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.slice(0, 4).map((item) => [item.textContent, item.getAttribute('href')])).toEqual(ADMIN_PAGES);
    expect(items[4]?.textContent).toBe('Run loop clearing');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const adminGroup = within(phoneMenu()).getByRole('list', { name: 'Admin' });
    const links = within(adminGroup).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(ADMIN_PAGES);
    expect(within(adminGroup).getByRole('button', { name: 'Run loop clearing' })).toBeTruthy();
  });

  it('shows members no Admin menu and no admin links anywhere', async () => {
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser({ role: 'member' })} />);

    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(phoneMenu()).queryByRole('list', { name: 'Admin' })).toBeNull();
    for (const [label] of ADMIN_PAGES) expect(screen.queryByRole('link', { name: label })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run loop clearing' })).toBeNull();
  });

  it('runs the loop clearing and says in a toast how many loops it proposed', async () => {
    let runs = 0;
    server.use(
      http.post('*/api/admin/loops/run', () => {
        runs += 1;
        return HttpResponse.json({ loopIds: [11, 12, 13], members: 9, pairs: 9, wants: 20, method: 'exact' } satisfies ClearingRunResult);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser({ role: 'admin' })} />);

    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Run loop clearing' }));

    expect(await screen.findByText('Loop clearing done')).toBeTruthy();
    expect(screen.getByText('3 loops proposed.')).toBeTruthy();
    expect(runs).toBe(1);
  });

  it('says so in a toast when the clearing is refused, from the phone menu too', async () => {
    server.use(http.post('*/api/admin/loops/run', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 })));
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser({ role: 'admin' })} />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(phoneMenu()).getByRole('button', { name: 'Run loop clearing' }));

    expect(await screen.findByText('Loop clearing failed')).toBeTruthy();
    expect(screen.getByText('Admins only')).toBeTruthy();
  });
});
