import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Notification } from '@soleswap/contracts/notifications';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { formatRelativeTime } from '../../../lib/relative-time';

const ITEM =
  'flex cursor-pointer gap-3 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground';

/** The count on the bell: exact up to 99, then "99+" so the badge stays small. */
function badgeText(count: number) {
  return count > 99 ? '99+' : String(count);
}

function NotificationEntry({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  return (
    <DropdownMenu.Item asChild className={ITEM} onSelect={() => onOpen(notification)}>
      <Link href={notification.link}>
        <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.isRead ? 'bg-transparent' : 'bg-accent')} />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn('break-words', notification.isRead ? 'text-muted' : 'font-semibold text-foreground')}>
            {notification.text}
            {notification.isRead ? null : <span className="sr-only"> (unread)</span>}
          </span>
          <time dateTime={notification.createdAt} className="text-xs text-muted">
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * The bell in the navigation bar: the unread count, and a menu of the latest notifications.
 * Opening one marks it read and goes to its page; "Mark all read" empties the count.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread';

  function onOpen(notification: Notification) {
    if (!notification.isRead) markRead.mutate({ ids: [notification.id] });
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={label}
        className="relative inline-flex size-9 items-center justify-center rounded-full text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] leading-5 font-bold text-accent-foreground"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-2">
            <DropdownMenu.Label className="font-semibold">Notifications</DropdownMenu.Label>
            {unread > 0 ? (
              <DropdownMenu.Item
                className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-accent outline-none data-[highlighted]:bg-surface-raised"
                // Stays open: the member sees the list turn read.
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate({ all: true });
                }}
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                Mark all read
              </DropdownMenu.Item>
            ) : null}
          </div>
          <DropdownMenu.Separator className="h-px bg-border" />
          <div className="min-h-0 flex-1 overflow-y-auto py-1">
            {notifications.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : notifications.isError ? (
              <p className="px-2 py-6 text-center text-sm text-muted">Notifications could not be loaded.</p>
            ) : items.length === 0 ? (
              <p className="px-2 py-6 text-center text-sm text-muted">No notifications yet. Trades, messages and new followers show up here.</p>
            ) : (
              items.map((notification) => <NotificationEntry key={notification.id} notification={notification} onOpen={onOpen} />)
            )}
            {notifications.hasNextPage ? (
              <DropdownMenu.Item
                className={cn(ITEM, 'justify-center font-semibold text-accent')}
                disabled={notifications.isFetchingNextPage}
                onSelect={(event) => {
                  event.preventDefault();
                  void notifications.fetchNextPage();
                }}
              >
                {notifications.isFetchingNextPage ? 'Loading…' : 'Show older'}
              </DropdownMenu.Item>
            ) : null}
          </div>
          <DropdownMenu.Separator className="h-px bg-border" />
          <DropdownMenu.Item asChild className={cn(ITEM, 'items-center text-muted')}>
            <Link href="/settings/notifications">
              <Settings aria-hidden="true" className="size-4" />
              Notification settings
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
