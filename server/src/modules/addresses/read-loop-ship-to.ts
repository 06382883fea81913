import type { LoopLegShipTo } from '@soleswap/contracts/loops';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { findShipTos, insertAddressReads } from './addresses.repository';
import { toShipTo } from './address-view';
import { loopLegShipToAccess, type ShipToLoopFacts, type ShipToViewer } from './ship-to-access';

/**
 * Where one leg of a loop goes, as this caller may see it (GET /api/loops/:id/legs/:position/ship-to):
 * see loopLegShipToAccess. Like a trade's (read-trade-ship-to.ts), an answer that holds another
 * member's address writes one address_reads row (who read whose, for which loop, when), in the
 * same transaction as the read; the receiver reading their own choice writes nothing.
 */
export async function readLoopLegShipTo(
  ctx: AppContext,
  { loop, position, viewer }: { loop: ShipToLoopFacts; position: number; viewer: ShipToViewer },
): Promise<LoopLegShipTo> {
  const access = loopLegShipToAccess(loop, position, viewer, ctx.now());
  if (access.kind === 'none') throw notFound('Loop');
  if (access.kind === 'other-member') throw forbidden('Only the member who sends this leg sees where it goes');
  const leg = loop.legs.find((l) => l.position === position)!;
  const base = { loopId: loop.id, position, fromUserId: leg.fromUserId, toUserId: leg.toUserId };

  return ctx.db.transaction(async (tx) => {
    const row = (await findShipTos(tx, { kind: 'loop', id: loop.id })).find((r) => r.userId === leg.toUserId) ?? null;
    const at = ctx.now();
    if (access.kind === 'receiver') {
      return {
        ...base,
        yourRole: 'receiver' as const,
        shipTo: row ? toShipTo(row) : null,
        hiddenReason: row ? null : 'not_chosen',
        visibleUntil: null,
      };
    }
    if (access.kind === 'admin-dispute') {
      if (row) await insertAddressReads(tx, [{ readerId: viewer.id, ownerId: leg.toUserId, loopId: loop.id, reason: 'admin-dispute', readAt: at }]);
      return { ...base, yourRole: null, shipTo: row ? toShipTo(row) : null, hiddenReason: row ? null : 'not_chosen', visibleUntil: null };
    }
    const shown = access.visible ? row : null;
    if (shown) await insertAddressReads(tx, [{ readerId: viewer.id, ownerId: leg.toUserId, loopId: loop.id, reason: 'counterparty', readAt: at }]);
    return {
      ...base,
      yourRole: 'sender' as const,
      shipTo: shown ? toShipTo(shown) : null,
      hiddenReason: access.hiddenReason ?? (shown ? null : 'not_chosen'),
      visibleUntil: access.visibleUntil?.toISOString() ?? null,
    };
  });
}
