import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@soleswap/contracts/live';
import { chatUnreadQueryKey, conversationsQueryKey, messagesQueryKey } from '../features/chat/api/chat-keys';
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
        case 'message.created': {
          const { tradeId, conversationId } = (event as LiveEvent<'message.created'>).payload;
          if (tradeId !== null) void queryClient.invalidateQueries({ queryKey: messagesQueryKey({ kind: 'trade', id: tradeId }) });
          // The conversation list (order, preview, counts) and, under it, that conversation's messages.
          if (conversationId !== null) void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey });
          break;
        }
        case 'notification.created':
        case 'unread.changed':
          // The bell's count and list (a count read in another tab or device comes here too), and
          // the unread messages shown beside Messages and on trade cards.
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
          if (event.kind === 'unread.changed') void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey });
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
