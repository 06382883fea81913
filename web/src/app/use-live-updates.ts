import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@soleswap/contracts/live';
import { useLiveEvents } from '../features/live/use-live-events';
import { chatKeys, notificationKeys, sneakerKeys, tradeKeys } from '../lib/query-keys';

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
          void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
          void queryClient.invalidateQueries({ queryKey: sneakerKeys.all });
          break;
        case 'message.created': {
          const { tradeId, conversationId } = (event as LiveEvent<'message.created'>).payload;
          if (tradeId !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.messages({ kind: 'trade', id: tradeId }) });
          // The conversation list (order, preview, counts) and, under it, that conversation's messages.
          if (conversationId !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
          void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
          break;
        }
        case 'notification.created':
        case 'unread.changed':
          // The bell's count and list (a count read in another tab or device comes here too), and
          // the unread messages shown beside Messages and on trade cards.
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          if (event.kind === 'unread.changed') void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
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
