import type { ReturnShipTo } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { findShipTos, insertAddressReads } from './addresses.repository';
import { toShipTo } from './address-view';
import { returnShipToAccess, type ShipToReturnFacts } from './return-ship-to-access';
import type { ShipToViewer } from './ship-to-access';

/**
 * Where a pair goes back after a refund ruling, as this caller may see it (GET
 * /api/trade-returns/:id/ship-to): see returnShipToAccess. The owner's ship-to for the trade; when
 * the sender is shown it, one address_reads row ('return') is written in the same transaction.
 */
export async function readReturnShipTo(ctx: AppContext, { ret, viewer }: { ret: ShipToReturnFacts; viewer: ShipToViewer }): Promise<ReturnShipTo> {
  const access = returnShipToAccess(ret, viewer, ctx.now());
  if (access.kind === 'none') throw notFound('Return');
  if (access.kind === 'admin') throw forbidden('Only the member sending the pair back sees where it goes');

  return ctx.db.transaction(async (tx) => {
    const row = (await findShipTos(tx, { kind: 'trade', id: ret.tradeId })).find((r) => r.userId === ret.ownerId) ?? null;
    const base = { returnId: ret.id, tradeId: ret.tradeId };
    if (access.kind === 'owner') {
      return { ...base, yourRole: 'owner' as const, shipTo: row ? toShipTo(row) : null, hiddenReason: row ? null : 'not_chosen', visibleUntil: null };
    }
    const shown = access.visible ? row : null;
    if (shown) {
      await insertAddressReads(tx, [{ readerId: viewer.id, ownerId: ret.ownerId, tradeId: ret.tradeId, reason: 'return', readAt: ctx.now() }]);
    }
    return {
      ...base,
      yourRole: 'sender' as const,
      shipTo: shown ? toShipTo(shown) : null,
      hiddenReason: access.hiddenReason ?? (shown ? null : 'not_chosen'),
      visibleUntil: access.visibleUntil?.toISOString() ?? null,
    };
  });
}
