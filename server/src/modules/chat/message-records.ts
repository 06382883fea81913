/** What other modules may read on chat messages (the chat module owns the table). */
export { findMessageOrigin } from './message-records.repository';
