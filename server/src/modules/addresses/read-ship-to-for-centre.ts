import type { ShipToAddress } from '@soleswap/contracts/addresses';
import type { AppContext } from '../../context';
import { findShipTos, insertAddressReads } from './addresses.repository';
import { toShipTo } from './address-view';

/**
 * The one member's ship-to address of a trade that the authentication centre needs to send a pair
 * on (or back), for the inspector about to post it (docs/rules/addresses.md#the-authentication-centre).
 * The inspection module decides when that is; this reads that one address, null when the member
 * chose none, and records the read (reason 'centre-forward') in the same transaction.
 */
export async function readShipToForCentre(
  ctx: AppContext,
  { tradeId, memberId, readerId }: { tradeId: number; memberId: string; readerId: string },
): Promise<ShipToAddress | null> {
  return ctx.db.transaction(async (tx) => {
    const row = (await findShipTos(tx, { kind: 'trade', id: tradeId })).find((r) => r.userId === memberId) ?? null;
    if (!row) return null;
    await insertAddressReads(tx, [{ readerId, ownerId: memberId, tradeId, reason: 'centre-forward', readAt: ctx.now() }]);
    return toShipTo(row);
  });
}
