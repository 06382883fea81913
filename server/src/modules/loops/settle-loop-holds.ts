import type { AppContext } from '../../context';
import { findOpenCashAuthorizations } from '../wallet/find-open-cash-authorizations';
import { findCashToReauthorize, reauthorizeCash, releaseReplacementOf } from '../wallet/reauthorize-cash';
import { settleLoopMoney } from '../wallet/settle-trade-cash';
import { loopMoneyFacts } from './loop-money-facts';
import { CLOSED_LOOP_STATUSES } from './loop.machine';
import { findLegs, findLoop } from './loops.repository';
import type { LoopStatus } from '@soleswap/contracts/loops';

/**
 * Settles a loop's protection holds once its step committed (the 'loop.changed' listener, never inside
 * the step's transaction), from what the loop's ending says (loop-money-facts.ts), through the one
 * settlement trades use (wallet/settle-trade-cash.ts): a member's hold is captured for the member
 * their leg goes to once they missed the ship deadline, released at completion and on every other
 * ending. Nothing moves while the loop runs.
 */
export async function settleHoldsOfLoop(ctx: AppContext, loop: { id: number; status?: string }): Promise<void> {
  if (loop.status !== undefined && !CLOSED_LOOP_STATUSES.includes(loop.status as LoopStatus)) return;
  const row = await findLoop(ctx.db, loop.id);
  if (!row) return;
  const facts = loopMoneyFacts(row, await findLegs(ctx.db, [row.id]));
  if (facts.hasEnded) await settleLoopMoney(ctx, facts);
}

/**
 * The `loops.settle-holds` job: settles every open hold whose loop has closed, so a hold left by a
 * crash, a provider outage or a step the listener missed is captured or released within a minute.
 * Safe on any number of instances (settling is a compare-and-set).
 */
export async function settleClosedLoopsHolds(ctx: AppContext): Promise<void> {
  const loopIds = new Set((await findOpenCashAuthorizations(ctx, 100)).flatMap((a) => (a.loopId === null ? [] : [a.loopId])));
  for (const id of loopIds) await settleHoldsOfLoop(ctx, { id });
}

/**
 * The `loops.reauthorize-holds` job (docs/decisions/010), as trades' own: a card hold of a loop still
 * open is authorized again before the card network lets it lapse; a closed loop's is left to the
 * settle job, and a re-authorization an outage left requested is released.
 */
export async function reauthorizeLoopsHolds(ctx: AppContext): Promise<void> {
  for (const { id, loopId } of await findCashToReauthorize(ctx, 100)) {
    if (loopId === null) continue;
    const loop = await findLoop(ctx.db, loopId);
    if (loop && !CLOSED_LOOP_STATUSES.includes(loop.status as LoopStatus)) await reauthorizeCash(ctx, id);
    else await releaseReplacementOf(ctx, id);
  }
}
