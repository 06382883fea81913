import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, messageReads, messages } from '../../db/schema/index';
import { tradeIdsOfPartySubquery } from '../trades/trade-records';
import { findMemberSummaries } from '../users/member-records';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

/** A thread as stored: a trade's chat or a direct conversation. */
export type ThreadKey = { tradeId: number; conversationId?: never } | { conversationId: number; tradeId?: never };

const inThread = (thread: ThreadKey): SQL =>
  thread.tradeId !== undefined ? eq(messages.tradeId, thread.tradeId) : eq(messages.conversationId, thread.conversationId);

export async function insertMessage(
  tx: Db,
  values: { thread: ThreadKey; senderId: string; content: string; imageUrl: string | null; createdAt: Date },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      tradeId: values.thread.tradeId ?? null,
      conversationId: values.thread.conversationId ?? null,
      senderId: values.senderId,
      content: values.content,
      imageUrl: values.imageUrl,
      createdAt: values.createdAt,
    })
    .returning();
  return row!;
}

/** Up to `limit` messages before `before` (newest first), from the (thread, id) index. */
export async function listMessages(db: Db, thread: ThreadKey, { before, limit }: { before?: number; limit: number }): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(inThread(thread), before !== undefined ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit);
}

export async function latestMessageId(db: Db, thread: ThreadKey): Promise<number> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(inThread(thread)).orderBy(desc(messages.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * Moves the member's read mark forward to `messageId` (never back). Returns the mark when it
 * moved, null when it was already there or further.
 */
export async function advanceReadMark(tx: Db, userId: string, thread: ThreadKey, messageId: number): Promise<number | null> {
  const isTrade = thread.tradeId !== undefined;
  const rows = await tx
    .insert(messageReads)
    .values({
      userId,
      tradeId: thread.tradeId ?? null,
      conversationId: thread.conversationId ?? null,
      lastReadMessageId: messageId,
    })
    .onConflictDoUpdate({
      target: isTrade ? [messageReads.userId, messageReads.tradeId] : [messageReads.userId, messageReads.conversationId],
      targetWhere: isTrade ? sql`${messageReads.tradeId} is not null` : sql`${messageReads.conversationId} is not null`,
      set: { lastReadMessageId: sql`excluded.last_read_message_id`, updatedAt: sql`now()` },
      setWhere: sql`${messageReads.lastReadMessageId} < excluded.last_read_message_id`,
    })
    .returning({ lastReadMessageId: messageReads.lastReadMessageId });
  return rows[0]?.lastReadMessageId ?? null;
}

export async function findReadMark(db: Db, userId: string, thread: ThreadKey): Promise<number> {
  const [row] = await db
    .select({ id: messageReads.lastReadMessageId })
    .from(messageReads)
    .where(
      and(
        eq(messageReads.userId, userId),
        thread.tradeId !== undefined ? eq(messageReads.tradeId, thread.tradeId) : eq(messageReads.conversationId, thread.conversationId),
      ),
    );
  return row?.id ?? 0;
}

export interface UnreadRow {
  tradeId: number | null;
  conversationId: number | null;
  count: number;
}

/**
 * The member's unread messages per thread (threads with none are left out), in one statement:
 * the messages others sent after the member's read mark, in the trades they are party to (a
 * subquery the trades module builds) and in their conversations.
 */
export async function countUnreadByThread(db: Db, userId: string): Promise<UnreadRow[]> {
  const unreadAfterMark = sql`${messages.id} > coalesce(${messageReads.lastReadMessageId}, 0)`;
  const inTrades = db
    .select({ tradeId: messages.tradeId, conversationId: sql<number | null>`null::integer`, count: sql<number>`count(*)::integer` })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.userId, userId), eq(messageReads.tradeId, messages.tradeId)))
    .where(and(sql`${messages.tradeId} in ${tradeIdsOfPartySubquery(userId)}`, ne(messages.senderId, userId), unreadAfterMark))
    .groupBy(messages.tradeId);
  const inConversations = db
    .select({ tradeId: sql<number | null>`null::integer`, conversationId: messages.conversationId, count: sql<number>`count(*)::integer` })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .leftJoin(messageReads, and(eq(messageReads.userId, userId), eq(messageReads.conversationId, conversations.id)))
    .where(and(or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)), ne(messages.senderId, userId), unreadAfterMark))
    .groupBy(messages.conversationId);
  const rows = await unionAll(inTrades, inConversations);
  return rows.map((row) => ({ tradeId: row.tradeId, conversationId: row.conversationId, count: Number(row.count) }));
}

/** The ordered pair a conversation is stored under. */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * Creates the pair's conversation unless it exists, then reads it. A concurrent insert of the
 * same pair waits on the unique index and then does nothing, so every caller gets the one row.
 */
export async function insertConversationOnce(db: Db, a: string, b: string, at: Date): Promise<{ row: ConversationRow; isNew: boolean }> {
  const [low, high] = orderedPair(a, b);
  const [inserted] = await db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high, createdAt: at })
    .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
    .returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return { row: existing!, isNew: false };
}

export async function findConversationById(db: Db, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

export async function setConversationLastMessage(tx: Db, conversationId: number, message: MessageRow): Promise<void> {
  await tx.update(conversations).set({ lastMessageId: message.id, lastMessageAt: message.createdAt }).where(eq(conversations.id, conversationId));
}

const lastMessage = alias(messages, 'last_message');

export interface ConversationListRow {
  conversation: ConversationRow;
  partner: { id: string; username: string | null; firstName: string | null; lastName: string | null; profileImageUrl: string | null };
  lastMessage: { id: number; senderId: string; content: string; createdAt: Date } | null;
}

/**
 * The member's conversations, most recent activity first (the newest message id; conversations
 * without messages after them, newest first), keyset-paged on (last message id, id). Two
 * statements whatever the page's length: the page, then its partners through the users module.
 */
export async function listConversationsOf(
  db: Db,
  userId: string,
  { after, limit, onlyId }: { after?: { lastMessageId: number; id: number }; limit: number; onlyId?: number },
): Promise<ConversationListRow[]> {
  const activity = sql<number>`coalesce(${conversations.lastMessageId}, 0)`;
  const rows = await db
    .select({
      conversation: conversations,
      lastMessage: { id: lastMessage.id, senderId: lastMessage.senderId, content: lastMessage.content, createdAt: lastMessage.createdAt },
    })
    .from(conversations)
    .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastMessageId))
    .where(
      and(
        or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)),
        onlyId !== undefined ? eq(conversations.id, onlyId) : undefined,
        after ? sql`(${activity}, ${conversations.id}) < (${after.lastMessageId}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(activity), desc(conversations.id))
    .limit(limit);
  const partnerOf = (c: ConversationRow) => (c.userLowId === userId ? c.userHighId : c.userLowId);
  const partners = new Map((await findMemberSummaries(db, [...new Set(rows.map((row) => partnerOf(row.conversation)))])).map((m) => [m.id, m]));
  // A member's deletion removes their conversations with them, so every partner is found.
  return rows.flatMap((row) => {
    const member = partners.get(partnerOf(row.conversation));
    if (!member) return [];
    const { id, username, firstName, lastName, profileImageUrl } = member;
    return [
      {
        conversation: row.conversation,
        partner: { id, username, firstName, lastName, profileImageUrl },
        lastMessage: row.lastMessage?.id != null ? row.lastMessage : null,
      },
    ];
  });
}
