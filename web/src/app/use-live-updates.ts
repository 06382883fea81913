import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@soleswap/contracts/live';
import { notificationsQueryKey } from '../features/notifications/api/get-notifications';
import { tradesQueryKey } from '../features/trades/api/get-trades';
import { useLiveEvents } from '../features/live/use-live-events';

/**
 * Keeps what a signed-in member sees current: each live event marks the queries it affects as
 * stale, and TanStack Query refetches those on screen. New kinds get their line here, where
 * features meet (the chat's messages, notifications and unread counts as those pages arrive).
 */
export function useLiveUpdates(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useLiveEvents(isSignedIn, {
    onEvent(event: LiveEvent) {
      switch (event.kind) {
        case 'trade.changed':
          // The list and every query under it (one trade, its messages); accepting or completing
          // also locks or moves sneakers.
          void queryClient.invalidateQueries({ queryKey: tradesQueryKey });
          void queryClient.invalidateQueries({ queryKey: ['/api/sneakers'] });
          break;
        case 'notification.created':
        case 'unread.changed':
          // The bell's count and list (a count read in another tab or device comes here too).
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
          break;
        default:
          break;
      }
    },
    onResync() {
      void queryClient.invalidateQueries();
    },
  });
}
