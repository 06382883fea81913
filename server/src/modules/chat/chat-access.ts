import type { Db } from '../../db/client';
import { assertNotBlocked } from '../blocks/block-guard';

/**
 * Whether `senderId` may write to `recipientId` (a direct conversation, or a trade's chat): not
 * when either has blocked the other (BLOCKED, 403, without saying who blocked whom). It takes the
 * caller's transaction, so a block made at the same moment waits for this message or is seen by it.
 *
 * This holds in the chat of a trade already in escrow too, which the block lets go on: shipping,
 * confirming receipt and disputing are trade actions that need no message, the tracking number
 * travels with the shipment, and a dispute brings in an admin (who may still write). Letting the
 * chat stay open would leave the blocked member one way to keep reaching the blocker.
 */
export async function assertMayMessage(tx: Db, senderId: string, recipientId: string): Promise<void> {
  await assertNotBlocked(tx, senderId, recipientId);
}
