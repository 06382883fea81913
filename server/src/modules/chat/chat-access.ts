import type { Db } from '../../db/client';
import { assertNotBlocked } from '../blocks/block-guard';

/**
 * Whether `senderId` may write to `recipientId` (a direct conversation, or a trade's chat): not
 * when either has blocked the other (BLOCKED, 403, without saying who blocked whom). It takes the
 * caller's transaction, so a block made at the same moment waits for this message or is seen by it.
 */
export async function assertMayMessage(tx: Db, senderId: string, recipientId: string): Promise<void> {
  await assertNotBlocked(tx, senderId, recipientId);
}
