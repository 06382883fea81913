/** Which thread a chat panel shows: a trade's chat or a direct conversation. */
export type ThreadRef = { kind: 'trade'; id: number } | { kind: 'conversation'; id: number };

/** The thread's API path: /api/trades/:id or /api/conversations/:id. */
export const threadPath = (thread: ThreadRef) => `/api/${thread.kind === 'trade' ? 'trades' : 'conversations'}/${thread.id}`;
