import type { Db } from '../../db/client';

/**
 * Whether `senderId` may write to `recipientId` (a direct conversation, or a trade's chat). This
 * is the one place a member-to-member restriction (blocking) is enforced for chat; it takes the
 * caller's transaction so such a check can hold its lock until the message commits.
 *
 * Today nothing stands between two members, so every pair may write.
 */
export async function assertMayMessage(_tx: Db, _senderId: string, _recipientId: string): Promise<void> {
  return;
}
