// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatUnread } from '@soleswap/contracts/chat';
import type { NotificationPage } from '@soleswap/contracts/notifications';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/build-user';
import { server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render-app';
import { NavBar } from './nav-bar';

afterEach(cleanup);
// The bar's notification bell loads the member's notifications, and Messages their unread count.
beforeEach(() => {
  const empty: NotificationPage = { items: [], nextCursor: null, unreadCount: 0 };
  const noUnread: ChatUnread = { total: 0, trades: [], conversations: [] };
  server.use(
    http.get('*/api/notifications', () => HttpResponse.json(empty)),
    http.get('*/api/chat/unread', () => HttpResponse.json(noUnread)),
  );
});

function avatarText() {
  return screen.getByRole('button', { name: 'Account menu' }).textContent;
}

describe('NavBar avatar and name', () => {
  it('shows the first letter of the username', () => {
    renderWithApp(<NavBar user={buildUser({ username: 'kicks', firstName: 'Ava' })} />);
    expect(avatarText()).toBe('K');
  });

  it('falls back to the first name, then to U', () => {
    renderWithApp(<NavBar user={buildUser({ username: null, firstName: 'ava' })} />);
    expect(avatarText()).toBe('A');
    cleanup();

    renderWithApp(<NavBar user={buildUser({ username: null, firstName: null })} />);
    expect(avatarText()).toBe('U');
  });

  it('names the user in the account menu: username, else first name, else User', async () => {
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser({ username: null, firstName: 'Ava', email: 'ava@example.com' })} />);

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ava')).toBeTruthy();
    expect(within(menu).getByText('ava@example.com')).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Analytics' })).toBeNull();
    cleanup();

    renderWithApp(<NavBar user={buildUser({ username: null, firstName: null, isPremiumMember: true })} />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const premiumMenu = await screen.findByRole('menu');
    expect(within(premiumMenu).getByText('User')).toBeTruthy();
    expect(within(premiumMenu).getByRole('img', { name: 'Premium member' })).toBeTruthy();
    expect(within(premiumMenu).getByRole('menuitem', { name: 'Analytics' })).toBeTruthy();
  });

  it('offers Upgrade only to members who are not premium', () => {
    renderWithApp(<NavBar user={buildUser({ isPremiumMember: false })} />);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/membership');
    cleanup();

    renderWithApp(<NavBar user={buildUser({ isPremiumMember: true })} />);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });
});

describe('NavBar search', () => {
  it('ignores a blank search and opens /browse?q= for a real one', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<NavBar user={buildUser()} />, { path: '/locker' });
    const [searchBox] = screen.getAllByRole('searchbox', { name: 'Search sneakers' });

    await user.type(searchBox!, '   {Enter}');
    expect(location.history).toEqual(['/locker']);

    await user.clear(searchBox!);
    await user.type(searchBox!, ' Jordan 4 {Enter}');
    expect(location.history.at(-1)).toBe('/browse?q=Jordan%204');
  });
});

describe('NavBar phone menu', () => {
  it('closes on Escape from inside and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<NavBar user={buildUser()} />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menuButton = screen.getByRole('button', { name: 'Close menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    within(menu!).getByRole('link', { name: 'Browse' }).focus();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(menuButton.getAttribute('aria-controls') ?? '')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });
});
