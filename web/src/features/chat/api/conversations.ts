import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_POLL_MS, type Conversation, type ConversationPage } from '@soleswap/contracts/chat';
import { apiRequest, getJson } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/live-status';
import { conversationQueryKey, conversationsQueryKey } from './chat-keys';

/** The member's conversations, most recent first; `fetchNextPage` loads more. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: conversationsQueryKey,
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
    queryKey: conversationQueryKey(id ?? 0),
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
      queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}
