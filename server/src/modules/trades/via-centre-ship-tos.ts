import type { Db } from '../../db/client';
import { refuseWithoutShipTos } from '../addresses/missing-ship-tos';

/**
 * A trade via the authentication centre is accepted only once both members chose where a pair
 * arrives (docs/rules/inspection.md#what-changes-on-the-trade): the centre forwards the other side's
 * pair there, or returns the member's own pair there when the trade fails, and nothing leaves the
 * centre without a destination (decisions §14). The receiver may choose theirs with the acceptance
 * (`shipToAddressId`); the proposer chose theirs with the proposal or later on the trade page.
 * 409 SHIP_TO_MISSING naming whose is missing; run in the acceptance's transaction, after the
 * receiver's choice is recorded, it rolls the acceptance back. Checked once before too (with the
 * receiver's choice in the request), so an acceptance refused for it authorizes no card.
 */
export async function refuseViaCentreWithoutShipTos(
  db: Db,
  trade: { id: number; proposerId: string; receiverId: string },
  { receiverChoosing = false }: { receiverChoosing?: boolean } = {},
): Promise<void> {
  await refuseWithoutShipTos(db, {
    tradeId: trade.id,
    choosing: receiverChoosing ? [trade.receiverId] : [],
    needed: [
      {
        userId: trade.proposerId,
        field: 'proposerShipTo',
        who: 'member',
        why: 'on a trade via the authentication centre both members choose where a pair comes to them before it is accepted. They choose it on the trade page.',
      },
      {
        userId: trade.receiverId,
        field: 'shipToAddressId',
        who: 'you',
        why: 'on a trade via the authentication centre the centre sends the pair you receive (or yours, if the trade fails) there.',
      },
    ],
  });
}
