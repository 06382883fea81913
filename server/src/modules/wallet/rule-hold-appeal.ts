import type { HoldAppeal, HoldAppealAction, RuleHoldAppeal } from '@soleswap/contracts/hold-appeals';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { runHoldAppealTransition, type HoldAppealActor } from './hold-appeal-transition';
import { memberNames, toHoldAppeal } from './hold-appeal-view';
import { findAppealCaptureId } from './hold-appeals.repository';

/**
 * POST /api/admin/hold-appeals/:id/reverse | uphold: an admin rules on an appeal with a note both
 * members read. Reversing gives the hold back (docs/rules/money.md#appealing-a-capture); the same
 * ruling sent again is a replay that moves nothing and answers the appeal as it stands; the other
 * ruling after one is 409.
 */
export async function ruleHoldAppeal(
  ctx: AppContext,
  { actor, appealId, action, input }: { actor: HoldAppealActor; appealId: number; action: HoldAppealAction; input: RuleHoldAppeal },
): Promise<HoldAppeal> {
  const authorizationId = await findAppealCaptureId(ctx.db, appealId);
  if (authorizationId === null) throw notFound('Appeal');
  const saved = await runHoldAppealTransition(ctx, { authorizationId, actor, action, note: input.note });
  const names = await memberNames(ctx.db, [saved.capture.payerId, saved.capture.payeeId]);
  return toHoldAppeal(saved, { names, roles: ['admin'], at: ctx.now() });
}
