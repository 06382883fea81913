import { trackingOf, type Tracking } from '@soleswap/contracts/tracking-numbers';
import type { TradeStatus } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { CentreAction } from './trade.machine';
import { runTradeTransition } from './trade-transition';
import { findTradesByIds } from './trades.repository';

/** What the authentication centre (the inspection module) needs to know of a via-authentication trade. */
export interface CustodyTradeFacts {
  id: number;
  status: TradeStatus;
  proposerId: string;
  receiverId: string;
  viaAuthentication: boolean;
  acceptedAt: Date | null;
  closedAt: Date | null;
  shipBy: Date | null;
  /** The parcel each side sent to the centre, once shipped. */
  proposerTracking: Tracking | null;
  receiverTracking: Tracking | null;
  proposerShippedAt: Date | null;
  receiverShippedAt: Date | null;
  /** Each side's protection hold (0: none), captured for the other side when that side's pair fails. */
  proposerHoldCents: number;
  receiverHoldCents: number;
}

/** The facts of these trades, in one statement, by id. */
export async function readCustodyTrades(db: Db, ids: number[]): Promise<Map<number, CustodyTradeFacts>> {
  const rows = await findTradesByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((t) => [
      t.id,
      {
        id: t.id,
        status: t.status,
        proposerId: t.proposerId,
        receiverId: t.receiverId,
        viaAuthentication: t.viaAuthentication,
        acceptedAt: t.acceptedAt,
        closedAt: t.closedAt,
        shipBy: t.shipBy,
        proposerTracking: trackingOf(t.proposerCarrier, t.proposerTrackingNumber),
        receiverTracking: trackingOf(t.receiverCarrier, t.receiverTrackingNumber),
        proposerShippedAt: t.proposerShippedAt,
        receiverShippedAt: t.receiverShippedAt,
        proposerHoldCents: t.proposerHoldCents,
        receiverHoldCents: t.receiverHoldCents,
      },
    ]),
  );
}

/**
 * The centre closes a via-authentication trade through the trade machine, inside the caller's
 * transaction (`ctx.db`): 'custody-complete' once both pairs passed and were forwarded,
 * 'custody-fail' when a pair failed or never arrived, naming the member whose pair it was (recorded on
 * the trade: their protection hold is captured for the other side, protection-holds.ts). A trade no longer accepted (already cancelled
 * by its ship deadline, say) is left as it is: answers false.
 */
export async function closeCustodyTrade(
  ctx: AppContext,
  { tradeId, action, failedInspectionMemberId }: { tradeId: number; action: CentreAction; failedInspectionMemberId?: string },
): Promise<boolean> {
  const [trade] = await findTradesByIds(ctx.db, [tradeId]);
  if (!trade || trade.status !== 'accepted') return false;
  await runTradeTransition(ctx, { tradeId, actor: 'centre', action, failedInspectionMemberId });
  return true;
}
