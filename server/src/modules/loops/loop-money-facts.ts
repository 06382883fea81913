import type { LoopStatus } from '@soleswap/contracts/loops';
import type { ProtectionHoldStatus } from '@soleswap/contracts/wallet-protection';
import type { LoopMoneyFacts } from '../wallet/settle-trade-cash';
import { CLOSED_LOOP_STATUSES } from './loop.machine';

/** Just what a loop's ending says about its holds: its status, whether it bound, who shipped. */
export interface LoopHoldColumns {
  id: number;
  status: string;
  acceptedAt: Date | null;
}
export interface LegHoldColumns {
  fromUserId: string;
  acceptedAt: Date | null;
  shippedAt: Date | null;
  holdCents: number;
}

/**
 * What a loop's ending says about its members' protection holds (docs/rules/money.md#protection-holds),
 * read off the loop alone, as a trade's is read off the trade (trades/protection-holds.ts):
 * - a binding loop the ship deadline cancelled went against the members who had not shipped;
 * - a disputed loop is refunded at once, with no ruling against anyone; a loop that never bound
 *   (declined, expired, ended by a block) and a completed one go against nobody.
 */
export function loopMoneyFacts(loop: LoopHoldColumns, legs: readonly LegHoldColumns[]): LoopMoneyFacts {
  const missedShipDeadline =
    loop.status === 'cancelled' && loop.acceptedAt !== null ? legs.filter((leg) => leg.shippedAt === null).map((leg) => leg.fromUserId) : [];
  return {
    loopId: loop.id,
    hasEnded: CLOSED_LOOP_STATUSES.includes(loop.status as LoopStatus),
    missedShipDeadline,
    resolvedAgainst: [],
  };
}

/**
 * Where a leg's hold stands as the loop's members see it: `due` until its giver accepts (their card
 * is authorized then), `held` while the loop runs, then `captured` (paid to the member the leg goes
 * to) or `released`. Null when the giver owes none.
 */
export function loopHoldStatus(loop: LoopHoldColumns, legs: readonly LegHoldColumns[], leg: LegHoldColumns): ProtectionHoldStatus | null {
  if (leg.holdCents <= 0) return null;
  const facts = loopMoneyFacts(loop, legs);
  if (!facts.hasEnded) return leg.acceptedAt === null ? 'due' : 'held';
  return facts.missedShipDeadline.includes(leg.fromUserId) ? 'captured' : 'released';
}
