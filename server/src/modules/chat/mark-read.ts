import type { ReadState } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import { publishLiveEvent } from '../live/publish-live-event';
import { advanceReadMark, findReadMark, latestMessageId } from './chat.repository';
import { openThread, type ChatViewer, type ThreadRef } from './chat-thread';
import { unreadTotal } from './get-unread';

/**
 * Marks a thread read up to `messageId` (or its newest message) for the viewer (POST
 * .../messages/read). The mark only moves forward, and never past the thread's newest message,
 * so a stale tab cannot mark unread again nor pre-read what has not arrived. When it moves, the
 * viewer's other tabs hear the new unread total.
 */
export async function markThreadRead(
  ctx: AppContext,
  { viewer, ref, messageId }: { viewer: ChatViewer; ref: ThreadRef; messageId?: number },
): Promise<ReadState> {
  return ctx.db.transaction(async (tx) => {
    const thread = await openThread({ ...ctx, db: tx }, viewer, ref);
    const newest = await latestMessageId(tx, thread.key);
    const target = Math.min(messageId ?? newest, newest);
    const moved = target > 0 ? await advanceReadMark(tx, viewer.id, thread.key, target) : null;
    const total = await unreadTotal(tx, viewer.id);
    if (moved !== null) {
      await publishLiveEvent(tx, { userIds: [viewer.id], kind: 'unread.changed', payload: { messages: total } });
      return { lastReadId: moved, unreadTotal: total };
    }
    return { lastReadId: await findReadMark(tx, viewer.id, thread.key), unreadTotal: total };
  });
}
