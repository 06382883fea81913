// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationPage } from '@soleswap/contracts/notifications';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { NotificationBell } from './notification-bell';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const note = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'trade.proposed',
  text: `kicksqueen proposed a trade (#${id})`,
  link: `/trades?trade=${id}`,
  count: 1,
  isRead: false,
  createdAt: new Date().toISOString(),
  ...overrides,
});

/** A tiny server: a list the tests can mark read through the real endpoint. */
function serve(items: Notification[]) {
  const marked: unknown[] = [];
  const page = (): NotificationPage => ({ items, nextCursor: null, unreadCount: items.filter((n) => !n.isRead).length });
  server.use(
    http.get('*/api/notifications', () => HttpResponse.json(page())),
    http.post('*/api/notifications/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: number[]; all?: true };
      marked.push(body);
      items = items.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, isRead: true } : n));
      return HttpResponse.json({ marked: 1, unreadCount: page().unreadCount });
    }),
  );
  return marked;
}

describe('NotificationBell', () => {
  it('shows the unread count in the badge and the label', async () => {
    serve([note(3), note(2), note(1, { isRead: true })]);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notification-count').textContent).toBe('2');
  });

  it('says none unread and shows the empty state when there are no notifications', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Notification settings' }).getAttribute('href')).toBe('/settings/notifications');
  });

  it('opening a notification marks it read and goes to its page', async () => {
    const marked = serve([note(3), note(2)]);
    const user = userEvent.setup();
    const { location } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /proposed a trade \(#3\)/ }));

    expect(marked).toEqual([{ ids: [3] }]);
    expect(location.history.at(-1)).toBe('/trades?trade=3');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('"Mark all read" clears the count and keeps the list open', async () => {
    const marked = serve([note(3), note(2)]);
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all read' }));

    expect(marked).toEqual([{ all: true }]);
    // While the menu is open Radix hides the rest of the page from assistive technology.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, none unread', hidden: true })).toBeTruthy());
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Mark all read' })).toBeNull();
  });
});
