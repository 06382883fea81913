import type { InspectionQueuePage, InspectionQueueQuery } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findSneakersWithPhotos } from '../sneakers/sneaker-photos';
import { readCustodyTrades } from '../trades/custody';
import { inspectionRolesOf, isInspector } from './inspection.machine';
import { findInspectionsOfTrades, listQueue } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { toJourney } from './inspection-view';

export const INSPECTORS_ONLY = 'Inspectors only';

/** Refuses anyone but an inspector or admin (403): the centre's work is theirs. */
export function assertInspector(viewer: InspectionViewer): void {
  if (!isInspector(viewer)) throw new AppError('FORBIDDEN', INSPECTORS_ONLY);
}

/**
 * GET /api/inspection/queue: the pairs in one status, oldest first, a page at a time
 * (inspections_queue_idx), each with its sneakers as listed (photos and the verifier's evidence)
 * and the parcel its owner sent. Inspectors and admins only. A fixed number of statements: the
 * page, the other pairs, the trades, and the sneakers with their photos. No address is in it.
 */
export async function findInspectionQueue(
  ctx: AppContext,
  { viewer, query }: { viewer: InspectionViewer; query: InspectionQueueQuery },
): Promise<InspectionQueuePage> {
  assertInspector(viewer);
  const afterId = query.cursor ? Number(query.cursor) : 0;
  const rows = await listQueue(ctx.db, { status: query.status, afterId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const tradeIds = [...new Set(page.map((r) => r.tradeId))];
  const siblings = await findInspectionsOfTrades(ctx.db, tradeIds);
  const trades = await readCustodyTrades(ctx.db, tradeIds);
  const sneakers = await findSneakersWithPhotos(
    ctx.db,
    page.flatMap((r) => r.sneakerIds),
    viewer.id,
  );
  const sneakerById = new Map(sneakers.map((s) => [s.id, s]));
  const items = page.map((row) => {
    const trade = trades.get(row.tradeId);
    const other = siblings.find((s) => s.tradeId === row.tradeId && s.id !== row.id);
    return {
      ...toJourney(row, { other, tradeStatus: trade?.status ?? 'cancelled', roles: inspectionRolesOf(row, viewer) }),
      sneakers: row.sneakerIds.flatMap((id) => sneakerById.get(id) ?? []),
      inboundTracking: (row.side === 'proposer' ? trade?.proposerTracking : trade?.receiverTracking) ?? null,
    };
  });
  return { items, nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
}
