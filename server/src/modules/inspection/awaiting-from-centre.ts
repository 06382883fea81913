import type { Db } from '../../db/client';
import { CLOSED_INSPECTION_STATUSES, tradeStandingOf } from './inspection.machine';
import { findInspectionsOfTrade } from './inspection.repository';
import { memberHeadedTo, pairHeadingTo } from './pair-heading';

/**
 * The members a pair still at the centre (or on its way there) will be sent to, for a trade via
 * authentication: each may still choose or change their ship-to (docs/rules/addresses.md). While
 * the trade is disputed either way is possible, so both. Reads no address.
 */
export async function membersAwaitingFromCentre(db: Db, trade: { id: number; status: string }): Promise<string[]> {
  const members = new Set<string>();
  for (const pair of await findInspectionsOfTrade(db, trade.id)) {
    if (CLOSED_INSPECTION_STATUSES.includes(pair.status)) continue;
    const to = pairHeadingTo(pair, tradeStandingOf(trade.status));
    if (to) members.add(memberHeadedTo(pair, to));
    else [pair.ownerId, pair.recipientId].forEach((id) => members.add(id));
  }
  return [...members];
}
