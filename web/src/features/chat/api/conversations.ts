import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationPage } from '@soleswap/contracts/chat';
import { CHAT_POLL_MS } from '@soleswap/contracts/chat-values';
import { apiRequest, getJson } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/live-status';
import { chatKeys } from '../../../lib/query-keys';

/** The member's conversations, most recent first; `fetchNextPage` loads more. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      getJson<ConversationPage>(`/api/conversations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: usePollWhileOffline(CHAT_POLL_MS),
    refetchIntervalInBackground: false,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => getJson<Conversation>(`/api/conversations/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/conversations: the one conversation with this member, found or started. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<Conversation>('POST', '/api/conversations', { userId }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(chatKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations, exact: true });
    },
  });
}
