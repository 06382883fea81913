import type { MessagePage } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import { openThreadWithPage, type ChatViewer, type ThreadRef } from './chat-thread';
import { toChatMessage } from './chat-view';

/**
 * One page of a thread (GET .../messages): the newest `limit` messages, or those before
 * `before`, oldest first for reading; `nextBefore` asks for the older page when there is one.
 * The thread's access check and the page are one statement (docs/performance/member-reads.md).
 */
export async function findMessages(
  ctx: AppContext,
  { viewer, ref, query }: { viewer: ChatViewer; ref: ThreadRef; query: { before?: number; limit: number } },
): Promise<MessagePage> {
  const { messages: rows } = await openThreadWithPage(ctx, viewer, ref, { before: query.before, limit: query.limit + 1 });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  return { messages: page.map(toChatMessage), nextBefore: hasMore ? page[0]!.id : null };
}
