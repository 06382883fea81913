import type { InspectionJourney } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { readCustodyTrades } from '../trades/custody';
import { inspectionRolesOf } from './inspection.machine';
import { findInspectionsOfTrade, type InspectionRow } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { toJourney } from './inspection-view';

/** The journey of a pair just changed, as the caller now sees it (two statements: its trade's pairs, the trade). */
export async function pairJourney(ctx: AppContext, row: InspectionRow, viewer: InspectionViewer): Promise<InspectionJourney> {
  const pairs = await findInspectionsOfTrade(ctx.db, row.tradeId);
  const trade = (await readCustodyTrades(ctx.db, [row.tradeId])).get(row.tradeId);
  return toJourney(row, {
    other: pairs.find((p) => p.id !== row.id),
    trade,
    roles: inspectionRolesOf(row, viewer),
  });
}
