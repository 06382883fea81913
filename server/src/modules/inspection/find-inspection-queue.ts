import type { InspectionQueuePage, InspectionQueueQuery } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findTradeMembersWithShipTo } from '../addresses/ship-to-chosen';
import { findSneakersWithPhotos } from '../sneakers/sneaker-photos';
import { findUsernameRows } from '../users/member-records';
import { readCustodyTrades } from '../trades/custody';
import { inspectionRolesOf, isInspector, tradeStandingOf } from './inspection.machine';
import { findInspectionsOfTrades, listQueue } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { toJourney } from './inspection-view';
import { memberHeadedTo, pairHeadingTo } from './pair-heading';

export const INSPECTORS_ONLY = 'Inspectors only';

/** Refuses anyone but an inspector or admin (403): the centre's work is theirs. */
export function assertInspector(viewer: InspectionViewer): void {
  if (!isInspector(viewer)) throw new AppError('FORBIDDEN', INSPECTORS_ONLY);
}

/**
 * GET /api/inspection/queue: the pairs in one status, oldest first, a page at a time
 * (inspections_queue_idx), each with its sneakers as listed (photos and the verifier's evidence)
 * and the parcel its owner sent, and where it goes as things stand (the member, and whether they
 * chose a ship-to). Inspectors and admins only. A fixed number of statements: the page, the other
 * pairs, the trades, the ship-to choosers, the usernames, and the sneakers with their photos. No
 * address is in it.
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
  const withShipTo = await findTradeMembersWithShipTo(ctx.db, tradeIds);
  const headings = page.map((row) => {
    const to = pairHeadingTo(row, tradeStandingOf(trades.get(row.tradeId)?.status ?? 'cancelled'));
    return { to, memberId: to ? memberHeadedTo(row, to) : null };
  });
  const memberIds = [...new Set(headings.flatMap((h) => (h.memberId ? [h.memberId] : [])))];
  const usernames = new Map((await findUsernameRows(ctx.db, memberIds)).map((u) => [u.id, u.username]));
  const items = page.map((row, i) => {
    const trade = trades.get(row.tradeId);
    const other = siblings.find((s) => s.tradeId === row.tradeId && s.id !== row.id);
    const { to, memberId } = headings[i]!;
    return {
      ...toJourney(row, { other, trade, roles: inspectionRolesOf(row, viewer) }),
      heading: {
        to,
        memberId,
        username: memberId ? (usernames.get(memberId) ?? null) : null,
        hasShipTo: memberId ? (withShipTo.get(row.tradeId)?.has(memberId) ?? false) : false,
      },
      sneakers: row.sneakerIds.flatMap((id) => sneakerById.get(id) ?? []),
      inboundTracking: (row.side === 'proposer' ? trade?.proposerTracking : trade?.receiverTracking) ?? null,
    };
  });
  return { items, nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
}
