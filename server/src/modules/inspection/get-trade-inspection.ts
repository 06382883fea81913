import type { TradeInspection } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { readCustodyTrades } from '../trades/custody';
import { inspectionRolesOf } from './inspection.machine';
import { findInspectionsOfTrade } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { toJourney } from './inspection-view';

/**
 * GET /api/trades/:id/inspection: a via-authentication trade's two pairs, step by step, and the
 * centre's address each side ships to. For the trade's two members only: anyone else, and a
 * trade not routed through the centre, is 404 (inspectors read pairs through their queue).
 * Three statements.
 */
export async function getTradeInspection(
  ctx: AppContext,
  { viewer, tradeId }: { viewer: InspectionViewer; tradeId: number },
): Promise<TradeInspection> {
  const trade = (await readCustodyTrades(ctx.db, [tradeId])).get(tradeId);
  const isParty = trade && (trade.proposerId === viewer.id || trade.receiverId === viewer.id);
  if (!trade || !isParty || !trade.viaAuthentication) throw notFound('Trade');
  const rows = await findInspectionsOfTrade(ctx.db, tradeId);
  return {
    tradeId,
    centre: { lines: ctx.env.AUTHENTICATION_CENTRE_ADDRESS ?? [] },
    pairs: rows.map((row) => toJourney(row, { other: rows.find((r) => r.id !== row.id), trade, roles: inspectionRolesOf(row, viewer) })),
  };
}
