import type { Db } from '../../db/client';
import { storeNotifications } from './create-notifications';

/**
 * Tells both members of a trade that the carrier is returning a parcel to its sender or could not
 * deliver it (docs/rules/shipping.md#carrier-events), heard from 'trade.parcelException' after the
 * carrier event committed (register-notifications.ts), stored in `tx` at the carrier's time `at`:
 * the sender reads it as their parcel, the other member as the parcel coming to them.
 */
export async function notifyParcelException(
  tx: Db,
  at: Date,
  { tradeId, senderId, recipientId, exception }: { tradeId: number; senderId: string; recipientId: string; exception: 'returned' | 'failure' },
): Promise<void> {
  await storeNotifications(tx, at, [
    { userId: senderId, kind: 'trade.parcel-exception', payload: { tradeId, parcelException: exception, isOwner: true } },
    { userId: recipientId, kind: 'trade.parcel-exception', payload: { tradeId, parcelException: exception, isOwner: false } },
  ]);
}
