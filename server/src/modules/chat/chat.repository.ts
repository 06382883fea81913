import { rowsOf } from '../../db/raw-rows';
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, messageReads, messages } from '../../db/schema/index';
import { noBlockBetweenSql, pairLockSql } from '../blocks/block-guard';
import { tradeIdsOfPartySubquery } from '../trades/trade-records';
import { loopIdsOfMemberSubquery } from '../loops/loop-records';
import { findMemberSummaries } from '../users/member-records';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

/** A thread as stored: a trade's chat, a loop's chat or a direct conversation. */
export type ThreadKey =
  | { tradeId: number; conversationId?: never; loopId?: never }
  | { conversationId: number; tradeId?: never; loopId?: never }
  | { loopId: number; tradeId?: never; conversationId?: never };

/** The thread's three columns, exactly one of them set. */
export const threadColumns = (thread: ThreadKey) => ({
  tradeId: thread.tradeId ?? null,
  conversationId: thread.conversationId ?? null,
  loopId: thread.loopId ?? null,
});

const inThread = (thread: ThreadKey): SQL =>
  thread.tradeId !== undefined
    ? eq(messages.tradeId, thread.tradeId)
    : thread.loopId !== undefined
      ? eq(messages.loopId, thread.loopId)
      : eq(messages.conversationId, thread.conversationId);

/** The member's read mark row of the thread. */
const readMarkOf = (thread: ThreadKey): SQL =>
  thread.tradeId !== undefined
    ? eq(messageReads.tradeId, thread.tradeId)
    : thread.loopId !== undefined
      ? eq(messageReads.loopId, thread.loopId)
      : eq(messageReads.conversationId, thread.conversationId);

export async function latestMessageId(db: Db, thread: ThreadKey): Promise<number> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(inThread(thread)).orderBy(desc(messages.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * Moves the member's read mark forward to `messageId` (never back). Returns the mark when it
 * moved, null when it was already there or further.
 */
export async function advanceReadMark(tx: Db, userId: string, thread: ThreadKey, messageId: number): Promise<number | null> {
  const column =
    thread.tradeId !== undefined ? messageReads.tradeId : thread.loopId !== undefined ? messageReads.loopId : messageReads.conversationId;
  const rows = await tx
    .insert(messageReads)
    .values({ userId, ...threadColumns(thread), lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [messageReads.userId, column],
      targetWhere: sql`${column} is not null`,
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
    .where(and(eq(messageReads.userId, userId), readMarkOf(thread)));
  return row?.id ?? 0;
}

export interface UnreadRow {
  tradeId: number | null;
  conversationId: number | null;
  loopId: number | null;
  count: number;
}

/**
 * The member's unread messages per thread (threads with none are left out), in one statement:
 * the messages others sent after the member's read mark, in the trades they are party to (a
 * subquery the trades module builds) and in their conversations.
 */
export async function countUnreadByThread(db: Db, userId: string): Promise<UnreadRow[]> {
  const rows = await unreadByThreadQuery(db, userId);
  return rows.map((row) => ({ tradeId: row.tradeId, conversationId: row.conversationId, loopId: row.loopId, count: Number(row.count) }));
}

/** `userId`: the member's id, or an SQL expression for it (a column of the statement it goes in). */
function unreadByThreadQuery(db: Db, userId: string | SQL) {
  const unreadAfterMark = sql`${messages.id} > coalesce(${messageReads.lastReadMessageId}, 0)`;
  const none = sql<number | null>`null::integer`;
  const inTrades = db
    .select({ tradeId: messages.tradeId, conversationId: none, loopId: none, count: sql<number>`count(*)::integer`.as('count') })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.userId, userId), eq(messageReads.tradeId, messages.tradeId)))
    .where(and(sql`${messages.tradeId} in ${tradeIdsOfPartySubquery(userId)}`, ne(messages.senderId, userId), unreadAfterMark))
    .groupBy(messages.tradeId);
  const inConversations = db
    .select({ tradeId: none, conversationId: messages.conversationId, loopId: none, count: sql<number>`count(*)::integer`.as('count') })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .leftJoin(messageReads, and(eq(messageReads.userId, userId), eq(messageReads.conversationId, conversations.id)))
    .where(and(or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)), ne(messages.senderId, userId), unreadAfterMark))
    .groupBy(messages.conversationId);
  const inLoops = db
    .select({ tradeId: none, conversationId: none, loopId: messages.loopId, count: sql<number>`count(*)::integer`.as('count') })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.userId, userId), eq(messageReads.loopId, messages.loopId)))
    .where(and(sql`${messages.loopId} in ${loopIdsOfMemberSubquery(userId)}`, ne(messages.senderId, userId), unreadAfterMark))
    .groupBy(messages.loopId);
  return unionAll(inTrades, inConversations, inLoops);
}

/** The member's unread total (countUnreadByThread summed) as an SQL expression, for a statement that does more. */
export function unreadTotalSql(db: Db, userId: string | SQL): SQL {
  return sql`(select coalesce(sum(u.count), 0)::integer from (${unreadByThreadQuery(db, userId)}) u)`;
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

/**
 * The conversation, and when `memberId` is one of its two members, the pair's shared block lock
 * (see pairLockSql), in one statement: posting needs both, and the block check it then makes in
 * its insert comes in a later statement, as the lock requires.
 */
export async function findConversationLockingPair(tx: Db, id: number, memberId: string): Promise<ConversationRow | null> {
  const isMember = sql`${memberId}::uuid in (${conversations.userLowId}, ${conversations.userHighId})`;
  const [row] = await tx
    .select({
      conversation: conversations,
      locked: sql`case when ${isMember} then ${pairLockSql(conversations.userLowId, conversations.userHighId)} end`,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row?.conversation ?? null;
}

export interface NewMessage {
  thread: ThreadKey;
  senderId: string;
  content: string;
  imageUrl: string | null;
  createdAt: Date;
}

/**
 * Posts a message in ONE statement: unless a block stands between `unlessBlockedWith`'s two members
 * (when given; their pair lock must already be held, see pairLockSql), it inserts the message,
 * moves a conversation's last message to it, and reads each of `unreadOf`'s new unread totals
 * (countUnreadByThread summed, plus the new message when it lies past their read mark: the
 * statement reads the data as it was before the insert). Null when the block refused it.
 */
export async function insertMessageUnlessBlocked(
  tx: Db,
  message: NewMessage,
  { unlessBlockedWith, unreadOf }: { unlessBlockedWith: [string, string] | null; unreadOf: string[] },
): Promise<{ row: MessageRow; unread: Map<string, number> } | null> {
  const { thread, senderId, content, imageUrl, createdAt } = message;
  const { tradeId, conversationId, loopId } = threadColumns(thread);
  const allowed = unlessBlockedWith ? noBlockBetweenSql(sql`${unlessBlockedWith[0]}::uuid`, sql`${unlessBlockedWith[1]}::uuid`) : sql`true`;
  const readMark = (userId: string) =>
    sql`coalesce((select r.last_read_message_id from message_reads r where r.user_id = ${userId}::uuid and ${
      tradeId !== null
        ? sql`r.trade_id = ${tradeId}::integer`
        : loopId !== null
          ? sql`r.loop_id = ${loopId}::integer`
          : sql`r.conversation_id = ${conversationId}::integer`
    }), 0)`;
  const totals = unreadOf.map((userId) => sql`${unreadTotalSql(tx, userId)} + (case when i.id > ${readMark(userId)} then 1 else 0 end)`);
  const result = await tx.execute(sql`
    with inserted as (
      insert into messages (trade_id, conversation_id, loop_id, sender_id, content, image_url, created_at)
      select ${tradeId}::integer, ${conversationId}::integer, ${loopId}::integer, ${senderId}::uuid, ${content}, ${imageUrl}, ${createdAt.toISOString()}::timestamptz
      where ${allowed}
      returning id
    ),
    touched as (
      update conversations c set last_message_id = i.id, last_message_at = ${createdAt.toISOString()}::timestamptz
      from inserted i where c.id = ${conversationId}::integer
      returning c.id
    )
    select i.id, array[${totals.length > 0 ? sql.join(totals, sql`, `) : sql``}]::integer[] as unread from inserted i
  `);
  const [inserted] = rowsOf<{ id: number | string; unread: Array<number | string> }>(result);
  if (!inserted) return null;
  const unread = new Map(unreadOf.map((userId, i) => [userId, Number(inserted.unread[i] ?? 0)]));
  return { row: { id: Number(inserted.id), tradeId, conversationId, loopId, senderId, content, imageUrl, createdAt }, unread };
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
