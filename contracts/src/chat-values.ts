/** Chat's plain limits and timings (no schema library), for the web's app bar; chat.ts re-exports them. */

/** Longest message, counted after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page when the client asks for none, and the most it may ask for. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** Conversations per page of the /messages list. */
export const CONVERSATIONS_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 100;
/** How many messages one member may send a minute, across every thread. */
export const MESSAGES_PER_MINUTE = 30;
/** How often the chat polls for messages, only while the live stream is down. */
export const CHAT_POLL_MS = 5_000;
/** Characters of the last message shown in the conversation list. */
export const MESSAGE_PREVIEW_LENGTH = 120;
