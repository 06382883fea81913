import { rowsOf } from '../../db/raw-rows';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TradePartiesRow } from '../trades/get-trade-parties';
import { tradePartiesSubquery } from '../trades/trade-records';
import type { MessageRow } from './chat.repository';

/**
 * A thread read together with a page of its messages, in ONE statement: the thread's row (null
 * when there is no such thread), with up to `limit` messages before `before`, newest first, read
 * from the (thread, id) index by a lateral join, so an empty page still brings the thread. Nothing
 * here decides who may read it: the caller applies the access rule before it shows a message.
 */

export interface PageQuery {
  before?: number;
  limit: number;
}

/** The members of a conversation, as the access check reads them. */
export interface ConversationHead {
  id: number;
  userLowId: string;
  userHighId: string;
}

/** A trade's parties (through the trades module's subquery) with the page of its chat. */
export async function findTradeWithPage(
  db: Db,
  tradeId: number,
  page: PageQuery,
): Promise<{ trade: TradePartiesRow | null; messages: MessageRow[] }> {
  const rows = await threadWithPage(
    db,
    sql`select t.id as thread_id, t.proposer_id as a_id, t.receiver_id as b_id, t.disputed_at from ${tradePartiesSubquery(tradeId)} t`,
    sql`m.trade_id`,
    page,
  );
  const [first] = rows;
  const trade = first
    ? {
        id: Number(first.thread_id),
        proposerId: first.a_id,
        receiverId: first.b_id,
        disputedAt: first.disputed_at === null ? null : new Date(first.disputed_at),
      }
    : null;
  return { trade, messages: messagesOf(rows) };
}

/** A conversation's members with the page of its messages. */
export async function findConversationWithPage(
  db: Db,
  conversationId: number,
  page: PageQuery,
): Promise<{ conversation: ConversationHead | null; messages: MessageRow[] }> {
  const rows = await threadWithPage(
    db,
    sql`select c.id as thread_id, c.user_low_id as a_id, c.user_high_id as b_id, null::timestamptz as disputed_at
        from conversations c where c.id = ${conversationId}::int`,
    sql`m.conversation_id`,
    page,
  );
  const [first] = rows;
  const conversation = first ? { id: Number(first.thread_id), userLowId: first.a_id, userHighId: first.b_id } : null;
  return { conversation, messages: messagesOf(rows) };
}

/** A loop with the page of its chat (its members are read and checked by the caller). */
export async function findLoopPage(db: Db, loopId: number, page: PageQuery): Promise<MessageRow[]> {
  const rows = await threadWithPage(
    db,
    sql`select ${loopId}::int as thread_id, null::uuid as a_id, null::uuid as b_id, null::timestamptz as disputed_at`,
    sql`m.loop_id`,
    page,
  );
  return messagesOf(rows);
}

interface RawRow {
  thread_id: number | string;
  a_id: string;
  b_id: string;
  disputed_at: Date | string | null;
  id: number | string | null;
  trade_id: number | string | null;
  conversation_id: number | string | null;
  loop_id: number | string | null;
  sender_id: string;
  content: string;
  image_url: string | null;
  created_at: Date | string;
}

/** `head` is one row (thread_id, a_id, b_id, disputed_at) or none; `threadColumn` the messages' column naming it. */
async function threadWithPage(db: Db, head: SQL, threadColumn: SQL, { before, limit }: PageQuery): Promise<RawRow[]> {
  const result = await db.execute(sql`
    select h.*, p.*
    from (${head}) h
    left join lateral (
      select m.id, m.trade_id, m.conversation_id, m.loop_id, m.sender_id, m.content, m.image_url, m.created_at from messages m
      where ${threadColumn} = h.thread_id ${before !== undefined ? sql`and m.id < ${before}::int` : sql``}
      order by m.id desc
      limit ${limit}::int
    ) p on true
    order by p.id desc`);
  return rowsOf<RawRow>(result);
}

/** The page's messages as stored rows (an empty page is one row without a message). */
function messagesOf(rows: RawRow[]): MessageRow[] {
  return rows.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            id: Number(r.id),
            tradeId: r.trade_id === null ? null : Number(r.trade_id),
            conversationId: r.conversation_id === null ? null : Number(r.conversation_id),
            loopId: r.loop_id === null ? null : Number(r.loop_id),
            senderId: r.sender_id,
            content: r.content,
            imageUrl: r.image_url,
            createdAt: new Date(r.created_at),
          },
        ],
  );
}
