import type { PairDestination } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { readShipToForCentre } from '../addresses/read-ship-to-for-centre';
import { readCustodyTrades } from '../trades/custody';
import { decideInspection, inspectionRolesOf, tradeStandingOf } from './inspection.machine';
import { findInspectionById, findInspectionsOfTrade } from './inspection.repository';
import type { InspectionViewer } from './inspection-transition';
import { assertInspector } from './find-inspection-queue';

/**
 * GET /api/inspection/pairs/:id/destination: for an inspector (or admin) who is not a party, the one
 * address a pair ready to go is posted to (the machine says whether it is ready, and where it goes).
 * Before that, 409: no address is shown for a pair still being inspected. The read is recorded.
 */
export async function getPairDestination(
  ctx: AppContext,
  { viewer, pairId }: { viewer: InspectionViewer; pairId: number },
): Promise<PairDestination> {
  assertInspector(viewer);
  const pairs = await findInspectionsByPair(ctx, pairId);
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
  const memberId = verdict.forwardedTo === 'owner' ? pair.ownerId : pair.recipientId;
  const address = await readShipToForCentre(ctx, { tradeId: pair.tradeId, memberId, readerId: viewer.id });
  return { pairId, to: verdict.forwardedTo, address };
}

async function findInspectionsByPair(ctx: AppContext, pairId: number) {
  const pair = await findInspectionById(ctx.db, pairId);
  return pair ? findInspectionsOfTrade(ctx.db, pair.tradeId) : [];
}
