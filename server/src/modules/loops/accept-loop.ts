import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { CashCard, CashSource } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findBlockedPairsAmong } from '../blocks/block-guard';
import { assertNoneSuspended } from '../users/member-suspension';
import { authorizeTradeMoney } from '../wallet/authorize-trade-cash';
import { paymentMethodAtAcceptance } from '../wallet/payment-method';
import { releaseOpenAuthorization } from '../wallet/settle-trade-cash';
import { cancelProposedLoopsBetween } from './cancel-loops-between';
import { runLoopTransition } from './loop-transition';
import { findLegs, findLoop, type LoopLegRow, type LoopRow } from './loops.repository';

export interface AcceptLoopArgs {
  actorId: string;
  loopId: number;
  /** Where the caller's incoming leg goes: an id from their own address book (400 otherwise). */
  shipToAddressId?: number;
  /** The caller's card for their protection hold, or `cashSource: 'wallet'` (as a trade's receiver gives). */
  cashCard?: CashCard;
  cashSource?: CashSource;
}

/**
 * A member accepts a loop (POST /api/loops/:id/accept), choosing where their incoming leg goes in
 * the same transaction. The loop binds (every pair locked in escrow, `active`) with the last
 * acceptance, once every member has accepted with a ship-to; an acceptance without one is
 * recorded and the member accepts again with one (loop.machine.ts). The checks a member must pass
 * before accepting (blocks, suspensions; a second factor, when step-up comes to loops) go here,
 * before the transition.
 *
 * A member who owes a protection hold for the pair they send (loop_legs.hold_cents, fixed when the
 * loop was proposed by the rule trades use) gives a card or their wallet at their first acceptance,
 * as a trade's receiver does (400 on `cashCard` without either, and nothing changes); the hold is
 * authorized first, outside any transaction (wallet/authorize-trade-cash.ts: a declined card is 402
 * PAYMENT_DECLINED and the acceptance is not recorded). If the acceptance then fails, that member's
 * hold is released, unless an acceptance of theirs was recorded meanwhile (a second tab). The holds
 * are settled with the loop (settle-loop-holds.ts).
 */
export async function acceptLoop(ctx: AppContext, args: AcceptLoopArgs): Promise<LoopRow> {
  await refuseAcceptingAcrossABlock(ctx, args);
  const owed = await holdOwedAtAcceptance(ctx, args);
  if (!owed) return accept(ctx, args);
  const paymentMethod = paymentMethodAtAcceptance(ctx, args.cashCard, args.cashSource);
  const slot = { loopId: args.loopId, purpose: 'protection_hold' as const, payerId: args.actorId };
  await authorizeTradeMoney(ctx, {
    loopId: args.loopId,
    items: [{ ...slot, payeeId: owed.toUserId, amountCents: owed.holdCents, paymentMethod }],
  });
  try {
    return await accept(ctx, args);
  } catch (error) {
    const mine = (await findLegs(ctx.db, [args.loopId])).find((leg) => leg.fromUserId === args.actorId);
    if (mine?.acceptedAt === null) await releaseOpenAuthorization(ctx, slot);
    throw error;
  }
}

function accept(ctx: AppContext, args: AcceptLoopArgs): Promise<LoopRow> {
  return runLoopTransition(ctx, { loopId: args.loopId, actor: { id: args.actorId }, action: 'accept', shipToAddressId: args.shipToAddressId });
}

/**
 * The caller's leg when accepting now authorizes their protection hold: the loop is proposed, they
 * owe one and they have not accepted yet (a first acceptance without a ship-to already held it).
 */
async function holdOwedAtAcceptance(ctx: AppContext, { actorId, loopId }: AcceptLoopArgs): Promise<LoopLegRow | null> {
  const loop = await findLoop(ctx.db, loopId);
  if (loop?.status !== 'proposed') return null;
  const mine = (await findLegs(ctx.db, [loopId])).find((leg) => leg.fromUserId === actorId);
  return mine && mine.holdCents > 0 && mine.acceptedAt === null ? mine : null;
}

/** An acceptance that puts money on a card calls the payment provider: the route claims its Idempotency-Key first and runs it with no transaction open. */
export async function loopAcceptCallsProvider(ctx: AppContext, args: { actorId: string; loopId: number }): Promise<boolean> {
  return (await holdOwedAtAcceptance(ctx, args)) !== null;
}

/**
 * Nobody accepts a loop holding two members who block each other: the loop ends for everyone
 * (it would, on the block, unless this accept raced it) and the caller hears BLOCKED, without
 * being told who blocked whom. A non-member goes on to the transition's 404.
 */
async function refuseAcceptingAcrossABlock(ctx: AppContext, { actorId, loopId }: AcceptLoopArgs): Promise<void> {
  const memberIds = (await findLegs(ctx.db, [loopId])).map((leg) => leg.fromUserId);
  if (!memberIds.includes(actorId)) return;
  // Nor one holding a suspended member: their listings are off the market (MEMBER_SUSPENDED).
  await assertNoneSuspended(ctx.db, memberIds);
  const [blocked] = await findBlockedPairsAmong(ctx.db, memberIds);
  if (!blocked) return;
  await cancelProposedLoopsBetween(ctx, blocked[0], blocked[1]);
  throw new AppError('BLOCKED', BLOCKED_MESSAGE);
}
