/** Which thread a chat panel shows: a trade's chat, a loop's chat or a direct conversation. */
export type ThreadRef = { kind: 'trade'; id: number } | { kind: 'conversation'; id: number } | { kind: 'loop'; id: number };

const THREAD_BASE: Record<ThreadRef['kind'], string> = { trade: 'trades', conversation: 'conversations', loop: 'loops' };

/** The thread's API path: /api/trades/:id, /api/loops/:id or /api/conversations/:id. */
export const threadPath = (thread: ThreadRef) => `/api/${THREAD_BASE[thread.kind]}/${thread.id}`;
