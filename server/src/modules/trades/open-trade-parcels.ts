import type { Db } from '../../db/client';
import { findTradesByIds } from './trades.repository';

type Side = 'proposer' | 'receiver';

/** The parcels module's key for the parcel a trade side sends (claimTrackingNumber's `leg`). */
export function tradeParcelLeg(tradeId: number, side: Side): string {
  return `${tradeId}:${side}`;
}

/**
 * The trade sides (keys of tradeParcelLeg) whose parcel may still be on its way: the trade is
 * accepted or disputed and the other side has not confirmed its receipt (nor the deadline sweep
 * for them). A via-authentication side's parcel, which members never confirm, stays open until
 * the trade ends. Handed to the parcels module at start-up (register-modules.ts).
 */
export async function openTradeParcels(db: Db, legs: readonly string[]): Promise<ReadonlySet<string>> {
  const parsed = legs.map((leg) => {
    const [id, side] = leg.split(':');
    return { leg, tradeId: Number(id), side: side as Side };
  });
  const trades = new Map((await findTradesByIds(db, [...new Set(parsed.map((p) => p.tradeId))])).map((t) => [t.id, t]));
  const open = new Set<string>();
  for (const { leg, tradeId, side } of parsed) {
    const trade = trades.get(tradeId);
    if (!trade || (trade.status !== 'accepted' && trade.status !== 'disputed')) continue;
    const receivedAt = side === 'proposer' ? trade.receiverReceivedAt : trade.proposerReceivedAt;
    if (receivedAt === null) open.add(leg);
  }
  return open;
}
