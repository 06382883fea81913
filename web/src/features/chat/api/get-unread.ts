import { useQuery } from '@tanstack/react-query';
import { CHAT_POLL_MS, type ChatUnread } from '@soleswap/contracts/chat';
import { getJson } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/live-status';
import { chatUnreadQueryKey } from './chat-keys';

/** The member's unread messages per thread and in total; live events mark it stale. */
export function useChatUnread(enabled = true) {
  return useQuery({
    queryKey: chatUnreadQueryKey,
    queryFn: ({ signal }) => getJson<ChatUnread>('/api/chat/unread', { signal }),
    enabled,
    refetchInterval: usePollWhileOffline(CHAT_POLL_MS),
    refetchIntervalInBackground: false,
  });
}

/** trade id → unread count, for the trades page. */
export function unreadByTrade(unread: ChatUnread | undefined): Map<number, number> {
  return new Map((unread?.trades ?? []).map((t) => [t.tradeId, t.count]));
}
