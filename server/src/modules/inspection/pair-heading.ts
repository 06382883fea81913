import type { ForwardedTo, InspectionStatus } from '@soleswap/contracts/inspection';
import type { Db } from '../../db/client';
import { refuseWithoutShipTos } from '../addresses/missing-ship-tos';
import type { TradeStanding } from './inspection.machine';

/**
 * Where a pair goes when it leaves the centre, as things stand (the inspector's card says it before
 * the pair is ready): back to its owner once the trade ended or the pair failed, on to the other
 * member otherwise; null while the trade is disputed (the ruling decides) or for a pair that never
 * arrived. A forwarded pair went where it was sent.
 */
export function pairHeadingTo(pair: { status: InspectionStatus; forwardedTo: ForwardedTo | null }, trade: TradeStanding): ForwardedTo | null {
  if (pair.status === 'forwarded') return pair.forwardedTo;
  if (pair.status === 'cancelled' || trade === 'held') return null;
  if (trade === 'ended' || pair.status === 'failed') return 'owner';
  return 'recipient';
}

/** The member a pair heading `to` goes to. */
export const memberHeadedTo = (pair: { ownerId: string; recipientId: string }, to: ForwardedTo) => (to === 'owner' ? pair.ownerId : pair.recipientId);

/**
 * Nothing leaves the centre without a destination (decisions §14): a forward (or a return) to a member
 * who has not chosen a ship-to for the trade is 409 SHIP_TO_MISSING naming them, on `shipTo`, and,
 * run in the forward's transaction, nothing changes. Trades accepted before both ship-tos were
 * required may lack one: the member chooses it on the trade page while a pair is coming to them.
 */
export async function refuseForwardWithoutShipTo(
  db: Db,
  { pair, to }: { pair: { tradeId: number; ownerId: string; recipientId: string }; to: ForwardedTo },
): Promise<void> {
  const where =
    to === 'owner'
      ? 'the pair cannot go back to its owner until they choose one on the trade page.'
      : 'the pair cannot be sent on to them until they choose one on the trade page.';
  await refuseWithoutShipTos(db, {
    tradeId: pair.tradeId,
    needed: [{ userId: memberHeadedTo(pair, to), field: 'shipTo', who: 'member', why: where }],
  });
}
