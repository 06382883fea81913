import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { loops } from './loops';
import { trades } from './trades';
import { users } from './users';

/**
 * A direct conversation between two members. The pair is stored ordered (userLow < userHigh)
 * with a unique index on it, so two people have one conversation however many times, and from
 * however many tabs at once, either of them starts it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set with each message, so the list sorts by activity without reading the messages. */
    lastMessageId: integer('last_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    index('conversations_high_idx').on(t.userHighId),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** One chat message, in a trade's chat, a loop's chat or a direct conversation (exactly one of the three). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id').references(() => trades.id),
    conversationId: integer('conversation_id').references((): AnyPgColumn => conversations.id, { onDelete: 'cascade' }),
    /** A loop's chat, open to its members (migration 0060). */
    loopId: integer('loop_id').references(() => loops.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_trade_id_idx').on(t.tradeId, t.id),
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    index('messages_loop_id_idx').on(t.loopId, t.id),
    check('messages_one_thread', sql`num_nonnulls(${t.tradeId}, ${t.conversationId}, ${t.loopId}) = 1`),
  ],
);

/** How far each member has read each thread: the newest message id they have seen. */
export const messageReads = pgTable(
  'message_reads',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tradeId: integer('trade_id').references(() => trades.id),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    loopId: integer('loop_id').references(() => loops.id),
    lastReadMessageId: integer('last_read_message_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_reads_trade_key')
      .on(t.userId, t.tradeId)
      .where(sql`${t.tradeId} is not null`),
    uniqueIndex('message_reads_conversation_key')
      .on(t.userId, t.conversationId)
      .where(sql`${t.conversationId} is not null`),
    uniqueIndex('message_reads_loop_key')
      .on(t.userId, t.loopId)
      .where(sql`${t.loopId} is not null`),
    check('message_reads_one_thread', sql`num_nonnulls(${t.tradeId}, ${t.conversationId}, ${t.loopId}) = 1`),
  ],
);
