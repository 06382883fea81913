import type { FileHoldAppeal, HoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { HoldAppealTradeAccess } from './hold-appeal-trade-access';
import { runHoldAppealTransition, type HoldAppealActor } from './hold-appeal-transition';
import { memberNames, toHoldAppeal } from './hold-appeal-view';
import { findCapturesOfTrade } from './hold-appeals.repository';

/**
 * POST /api/trades/:id/hold-appeal: the member whose pair failed authentication appeals the capture
 * of their protection hold, within HOLD_APPEAL_DAYS of it (docs/rules/money.md#appealing-a-capture).
 * Who may: the trade's parties only (anyone else 404, as for the trade); of them, only the member
 * whose hold was captured (the member it was paid to: 403); a party with no captured hold has
 * nothing to appeal (409). The appeal machine refuses a second appeal, one after the 7 days and a
 * capture for a missed ship deadline or a lost dispute (409).
 */
export async function fileHoldAppeal(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: HoldAppealActor; tradeId: number; input: FileHoldAppeal },
  mayReadTrade: HoldAppealTradeAccess,
): Promise<HoldAppeal> {
  await mayReadTrade(ctx, { viewer: { id: actor.id, isAdmin: false }, tradeId });
  const captures = await findCapturesOfTrade(ctx.db, tradeId);
  const mine = captures.find((c) => c.capture.payerId === actor.id) ?? captures.find((c) => c.capture.payeeId === actor.id);
  if (!mine) throw new AppError('APPEAL_INVALID_TRANSITION', 'No protection hold of yours was captured on this trade: there is nothing to appeal');
  const member = { id: actor.id, isAdmin: false };
  const saved = await runHoldAppealTransition(ctx, {
    authorizationId: mine.capture.authorizationId,
    actor: member,
    action: 'file',
    reason: input.reason,
  });
  const names = await memberNames(ctx.db, [saved.capture.payerId, saved.capture.payeeId]);
  return toHoldAppeal(saved, { names, roles: ['owner'], at: ctx.now() });
}
