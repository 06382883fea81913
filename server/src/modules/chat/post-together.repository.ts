import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noBlockBetweenSql, pairLockSql } from '../blocks/block-guard';
import { unreadTotalSql } from './chat.repository';
import type { ConversationHead } from './thread-page.repository';

/**
 * The statements of a batch of conversation posts (post-messages-together.ts): the same work as
 * findConversationLockingPair and insertMessageUnlessBlocked, for any number of posts in one
 * statement each. Rows travel as one jsonb parameter, so a statement's text is the same for every
 * batch (PGlite plans it once).
 */

/**
 * Each post's conversation (null when there is none), in the posts' order, and for each post
 * whose sender is one of its two members, the pair's shared block lock (see pairLockSql), held
 * until commit for the block check of insertMessagesUnlessBlocked. The conversations' rows are
 * locked here too, in id order, for the insert's update of their last message: two batches in
 * flight at once then take them in the same order, and never wait on each other in a cycle.
 */
export async function findConversationsLockingPairs(
  tx: Db,
  posts: ReadonlyArray<{ conversationId: number; memberId: string }>,
): Promise<Array<ConversationHead | null>> {
  if (posts.length === 0) return [];
  const values = JSON.stringify(posts.map((post, ord) => ({ ord, id: post.conversationId, member_id: post.memberId })));
  const result = await tx.execute(sql`
    with posts as materialized (
      select * from jsonb_to_recordset(${values}::jsonb) as r(ord integer, id integer, member_id uuid)
    ),
    locked as materialized (
      select c.id, c.user_low_id, c.user_high_id from conversations c
      where c.id in (select id from posts)
      order by c.id
      for no key update
    )
    select p.ord, c.id, c.user_low_id, c.user_high_id,
      case when p.member_id in (c.user_low_id, c.user_high_id) then ${pairLockSql(sql`c.user_low_id`, sql`c.user_high_id`)} end as locked
    from posts p
    left join locked c on c.id = p.id
    order by p.ord
  `);
  const rows = rowsOf<{ ord: number; id: number | null; user_low_id: string | null; user_high_id: string | null }>(result);
  const heads: Array<ConversationHead | null> = posts.map(() => null);
  for (const row of rows) {
    if (row.id !== null) heads[Number(row.ord)] = { id: Number(row.id), userLowId: row.user_low_id!, userHighId: row.user_high_id! };
  }
  return heads;
}

export interface NewConversationMessage {
  conversationId: number;
  senderId: string;
  /** The other member; null in a conversation with oneself (no block, no unread total). */
  recipientId: string | null;
  content: string;
  createdAt: Date;
}

/**
 * insertMessageUnlessBlocked for many messages in ONE statement: each is inserted unless a block
 * stands between its sender and recipient (their pair lock must already be held), each
 * conversation's last message moves to its newest, and each message gets its recipient's unread
 * total once it is stored: the total before the statement (which reads the data as it was before
 * its inserts) plus the batch's messages to them up to this one that lie past their read mark.
 * Returns, in the messages' order, the new id and that total, or null for a message the block refused.
 *
 * Ids are drawn in the messages' order (the insert's rows are sorted), so the n-th inserted id
 * belongs to the n-th message let through.
 */
export async function insertMessagesUnlessBlocked(
  tx: Db,
  list: readonly NewConversationMessage[],
): Promise<Array<{ id: number; unread: number | null } | null>> {
  if (list.length === 0) return [];
  const values = JSON.stringify(
    list.map((m, ord) => ({
      ord,
      conversation_id: m.conversationId,
      sender_id: m.senderId,
      recipient_id: m.recipientId,
      content: m.content,
      created_at: m.createdAt.toISOString(),
    })),
  );
  const result = await tx.execute(sql`
    with input as materialized (
      select * from jsonb_to_recordset(${values}::jsonb)
        as r(ord integer, conversation_id integer, sender_id uuid, recipient_id uuid, content text, created_at timestamptz)
    ),
    allowed as materialized (
      select i.*, row_number() over (order by i.ord) as n from input i
      where i.recipient_id is null or ${noBlockBetweenSql(sql`i.sender_id`, sql`i.recipient_id`)}
    ),
    inserted as (
      insert into messages (conversation_id, sender_id, content, created_at)
      select conversation_id, sender_id, content, created_at from allowed order by ord
      returning id
    ),
    posted as materialized (
      select a.ord, a.conversation_id, a.recipient_id, a.created_at, i.id
      from allowed a join (select id, row_number() over (order by id) as n from inserted) i on i.n = a.n
    ),
    touched as (
      update conversations c set last_message_id = l.id, last_message_at = l.created_at
      from (select distinct on (conversation_id) conversation_id, id, created_at from posted order by conversation_id, id desc) l
      where c.id = l.conversation_id
      returning c.id
    ),
    totals as (
      select t.recipient_id, ${unreadTotalSql(tx, sql`t.recipient_id`)} as before
      from (select distinct recipient_id from posted where recipient_id is not null) t
    ),
    unread as (
      select p.ord, p.id, p.recipient_id, (p.id > coalesce((
        select r.last_read_message_id from message_reads r where r.user_id = p.recipient_id and r.conversation_id = p.conversation_id
      ), 0))::integer as is_unread
      from posted p
    )
    select u.ord, u.id,
      t.before + sum(u.is_unread) over (partition by u.recipient_id order by u.id) as unread
    from unread u left join totals t on t.recipient_id = u.recipient_id
    order by u.ord
  `);
  const rows = rowsOf<{ ord: number; id: number | string; unread: number | string | null }>(result);
  const posted: Array<{ id: number; unread: number | null } | null> = list.map(() => null);
  for (const row of rows) posted[Number(row.ord)] = { id: Number(row.id), unread: row.unread === null ? null : Number(row.unread) };
  return posted;
}
