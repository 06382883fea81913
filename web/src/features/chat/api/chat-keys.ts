/** Which thread a chat panel shows: a trade's chat or a direct conversation. */
export type ThreadRef = { kind: 'trade'; id: number } | { kind: 'conversation'; id: number };

/** The thread's API path: /api/trades/:id or /api/conversations/:id. */
export const threadPath = (thread: ThreadRef) => `/api/${thread.kind === 'trade' ? 'trades' : 'conversations'}/${thread.id}`;

/**
 * A trade's messages live under the trades key, so a trade change refreshes them with the trade;
 * a conversation's under the conversations key.
 */
export const messagesQueryKey = (thread: ThreadRef) =>
  [thread.kind === 'trade' ? '/api/trades' : '/api/conversations', thread.id, 'messages'] as const;

export const chatUnreadQueryKey = ['/api/chat/unread'] as const;
export const conversationsQueryKey = ['/api/conversations'] as const;
export const conversationQueryKey = (id: number) => ['/api/conversations', id] as const;
