import { ARRIVAL_GRACE_DAYS } from '@soleswap/contracts/inspection';
import { DAY_MS } from '@soleswap/contracts/time';
import type { Db } from '../../db/client';
import { insertInspections } from './inspection.repository';

/** What opening the inspections reads of the accepted trade (the trades module's accepted trade; this function is handed to trades at start-up, register-modules.ts). */
export interface AcceptedCustodyTrade {
  id: number;
  proposerId: string;
  receiverId: string;
  proposerSneakerIds: number[];
  receiverSneakerIds: number[];
  shipBy: Date | null;
  acceptedAt: Date | null;
}

/**
 * Opens one inspection per pair of a trade accepted via authentication, in the acceptance's
 * transaction: each awaits arrival at the centre until ARRIVAL_GRACE_DAYS after the ship-by time
 * (docs/rules/inspection.md#deadlines). Opening twice is a no-op (one row per trade and side).
 */
export async function openInspections(tx: Db, trade: AcceptedCustodyTrade): Promise<void> {
  const at = trade.acceptedAt ?? new Date();
  const deadlineAt = new Date((trade.shipBy ?? at).getTime() + ARRIVAL_GRACE_DAYS * DAY_MS);
  const base = { tradeId: trade.id, status: 'awaiting_arrival' as const, deadlineAt, createdAt: at, updatedAt: at };
  await insertInspections(tx, [
    { ...base, side: 'proposer', ownerId: trade.proposerId, recipientId: trade.receiverId, sneakerIds: trade.proposerSneakerIds },
    { ...base, side: 'receiver', ownerId: trade.receiverId, recipientId: trade.proposerId, sneakerIds: trade.receiverSneakerIds },
  ]);
}
