import { HOLD_APPEAL_WINDOW_MS, type TradeHoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { AppContext } from '../../context';
import { decideHoldAppeal } from './hold-appeal.machine';
import { holdAppealSnapshot, type HoldAppealActor } from './hold-appeal-transition';
import { memberNames, toHoldAppeal } from './hold-appeal-view';
import { findCapturesOfTrade } from './hold-appeals.repository';
import type { HoldAppealTradeAccess } from './hold-appeal-trade-access';

/**
 * GET /api/trades/:id/hold-appeal: for a party of the trade (anyone else 404), the appeal of a
 * hold captured on it that concerns them (theirs, or one paid to them), and whether they may file
 * one now: the appeal machine answers, so the page offers exactly what the server accepts.
 */
export async function getTradeHoldAppeal(
  ctx: AppContext,
  { actor, tradeId }: { actor: HoldAppealActor; tradeId: number },
  mayReadTrade: HoldAppealTradeAccess,
): Promise<TradeHoldAppeal> {
  await mayReadTrade(ctx, { viewer: { id: actor.id, isAdmin: false }, tradeId });
  const at = ctx.now();
  const captures = await findCapturesOfTrade(ctx.db, tradeId);
  const mine = captures.find((c) => c.capture.payerId === actor.id);
  const concerning = mine ?? captures.find((c) => c.capture.payeeId === actor.id && c.appeal !== null);
  const canAppeal = mine ? decideHoldAppeal(holdAppealSnapshot(mine.capture, mine.appeal, at), ['owner'], 'file').ok : false;
  const appealBy =
    mine?.capture.reason === 'failed_authentication' ? new Date(mine.capture.capturedAt.getTime() + HOLD_APPEAL_WINDOW_MS).toISOString() : null;
  if (!concerning?.appeal) return { appeal: null, canAppeal, appealBy };
  const names = await memberNames(ctx.db, [concerning.capture.payerId, concerning.capture.payeeId]);
  const appeal = toHoldAppeal({ capture: concerning.capture, appeal: concerning.appeal }, { names, roles: [], at });
  return { appeal, canAppeal, appealBy };
}
