import { useQuery } from '@tanstack/react-query';
import type { ChatUnread } from '@soleswap/contracts/chat';
import { CHAT_POLL_MS } from '@soleswap/contracts/chat-values';
import { getJson } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/live-status';
import { chatKeys } from '../../../lib/query-keys';

/** The member's unread messages per thread and in total; live events mark it stale. */
export function useChatUnread(enabled = true) {
  return useQuery({
    queryKey: chatKeys.unread,
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
