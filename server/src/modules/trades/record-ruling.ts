import { DAY_MS } from '@soleswap/contracts/time';
import { RETURN_DEADLINE_DAYS, type ResolveOutcome } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { returnsOwed } from './returns-owed';
import { insertReturns, insertRuling, type TradeReturnRow } from './trade-returns.repository';
import type { TradeRow } from './trades.repository';

/**
 * Keeps an admin's ruling with its note (both members read it), and opens a return for each pair
 * the ruling sends back (returnsOwed), due RETURN_DEADLINE_DAYS after the ruling. Runs in the
 * ruling's transaction, with the trade as its transition saved it.
 */
export async function recordRuling(
  tx: Db,
  { trade, outcome, note, adminId, at }: { trade: TradeRow; outcome: ResolveOutcome; note: string | null; adminId: string; at: Date },
): Promise<TradeReturnRow[]> {
  await insertRuling(tx, { tradeId: trade.id, outcome, note, ruledById: adminId, ruledAt: at });
  const returnBy = new Date(at.getTime() + RETURN_DEADLINE_DAYS * DAY_MS);
  return insertReturns(
    tx,
    returnsOwed(trade, outcome).map((owed) => ({ tradeId: trade.id, ...owed, status: 'awaiting_return' as const, returnBy, createdAt: at })),
  );
}
