import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@soleswap/contracts/notifications';
import { getJson } from '../../../lib/api-client';

/** Every notifications query starts with this, so invalidating it refreshes the bell and its list. */
export const notificationsQueryKey = ['/api/notifications'] as const;
const listQueryKey = [...notificationsQueryKey, 'list'] as const;

/** How many notifications the bell loads at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One page of the member's notifications, newest first, with the unread count. */
export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson<NotificationPage>(`/api/notifications?${params}`, { signal });
}

/**
 * The bell's list and count. Kept current by the live stream (use-live-updates), which marks it
 * stale whenever a notification arrives or the count changes elsewhere.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: listQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
