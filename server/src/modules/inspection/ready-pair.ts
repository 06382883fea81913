import type { ForwardedTo } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { readCustodyTrades, type CustodyTradeFacts } from '../trades/custody';
import { decideInspection, inspectionRolesOf, tradeStandingOf } from './inspection.machine';
import { findInspectionById, findInspectionsOfTrade, type InspectionRow } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { assertInspector } from './find-inspection-queue';
import { memberHeadedTo } from './pair-heading';

/** A pair the machine would let this inspector forward now, where it goes and to whom. */
export interface ReadyPair {
  pair: InspectionRow;
  trade: CustodyTradeFacts;
  to: ForwardedTo;
  memberId: string;
}

/**
 * For an inspector (or admin) who is not a party: the pair, once it is ready to be sent on (the
 * machine's `forward` would be allowed), and the member it goes to. Before that, 409: no address is
 * shown and no slip printed for a pair still being inspected. Others: 403 or 404.
 */
export async function readyPair(ctx: AppContext, { viewer, pairId }: { viewer: InspectionViewer; pairId: number }): Promise<ReadyPair> {
  assertInspector(viewer);
  const found = await findInspectionById(ctx.db, pairId);
  const pairs = found ? await findInspectionsOfTrade(ctx.db, found.tradeId) : [];
  const pair = pairs.find((p) => p.id === pairId);
  const trade = pair ? (await readCustodyTrades(ctx.db, [pair.tradeId])).get(pair.tradeId) : undefined;
  if (!pair || !trade) throw notFound('Pair');
  const roles = inspectionRolesOf(pair, viewer);
  if (!roles.includes('inspector')) throw notFound('Pair');
  const other = pairs.find((p) => p.id !== pairId);
  const verdict = decideInspection(
    { status: pair.status, trade: tradeStandingOf(trade.status), otherStatus: other?.status ?? 'awaiting_arrival' },
    roles,
    'forward',
  );
  if (!verdict.ok || !verdict.forwardedTo) {
    throw new AppError('INSPECTION_INVALID_TRANSITION', 'The address is shown once the pair is ready to be sent on');
  }
  return { pair, trade, to: verdict.forwardedTo, memberId: memberHeadedTo(pair, verdict.forwardedTo) };
}
