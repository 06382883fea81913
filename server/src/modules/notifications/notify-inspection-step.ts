import type { Db } from '../../db/client';
import type { DomainEventMap } from '../../events';
import { storeNotifications } from './create-notifications';

/**
 * Tells the pair's owner and the member it goes to of its step at the authentication centre
 * (docs/rules/inspection.md), heard from 'inspection.stepped' after the step committed
 * (register-notifications.ts), stored in `tx` at the step's time `at`.
 */
export async function notifyInspectionStep(
  tx: Db,
  at: Date,
  { tradeId, ownerId, recipientId, step }: Omit<DomainEventMap['inspection.stepped'], 'at'>,
) {
  const payload = { tradeId, step };
  await storeNotifications(tx, at, [
    { userId: ownerId, kind: 'trade.inspection', payload },
    { userId: recipientId, kind: 'trade.inspection', payload },
  ]);
}
