import type { Db } from '../../db/client';
import { storeNotifications } from './create-notifications';
import { findUsernames } from './notification-subjects';

/**
 * Tells the other member of a return's step (docs/rules/trades.md#returns-after-a-refund), heard
 * from 'trade.returnStep' after the step committed (register-notifications.ts), stored in `tx` at
 * the step's time `at`: the owner that their pair was shipped back, the sender that the owner
 * confirmed it arrived. A block between them silences it, as every member-to-member notification.
 */
export async function notifyTradeReturn(
  tx: Db,
  at: Date,
  { tradeId, step, actorId, recipientId }: { tradeId: number; step: 'shipped' | 'received'; actorId: string; recipientId: string },
): Promise<void> {
  const actorName = (await findUsernames(tx, [actorId])).get(actorId);
  await storeNotifications(tx, at, [
    { userId: recipientId, kind: 'trade.return', actorId, payload: { tradeId, returnStep: step, actorId, ...(actorName ? { actorName } : {}) } },
  ]);
}
