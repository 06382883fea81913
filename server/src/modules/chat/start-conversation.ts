import type { Conversation } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { assertMayMessage } from './chat-access';
import { memberExists } from '../users/member-records';
import { insertConversationOnce } from './chat.repository';
import { getConversation } from './find-conversations';

/**
 * Finds or starts the conversation between the caller and another member (POST
 * /api/conversations). Asking again, from any tab, at any moment, answers the same conversation:
 * the pair has one row, guarded by a unique index. `isNew` tells the route whether to answer 201.
 */
export async function startConversation(
  ctx: AppContext,
  { userId, partnerId }: { userId: string; partnerId: string },
): Promise<{ conversation: Conversation; isNew: boolean }> {
  if (userId === partnerId) {
    throw new AppError('VALIDATION_FAILED', 'userId: You cannot message yourself', { fields: { userId: 'You cannot message yourself' } });
  }
  const { id, isNew } = await ctx.db.transaction(async (tx) => {
    if (!(await memberExists(tx, partnerId))) throw notFound('User');
    await assertMayMessage(tx, userId, partnerId);
    const { row, isNew: created } = await insertConversationOnce(tx, userId, partnerId, ctx.now());
    return { id: row.id, isNew: created };
  });
  return { conversation: await getConversation(ctx, { userId, conversationId: id }), isNew };
}
