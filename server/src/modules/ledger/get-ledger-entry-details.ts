import type { LedgerEntryDetails } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canSeeTrade } from '../trades/trade-access';
import { findTradePartiesById } from '../trades/trade-records';
import type { TradeViewer } from '../trades/trade-view';
import { computeCommitment } from './ledger-hash';
import { findEntryByHash } from './ledger.repository';

const HASH = /^[0-9a-f]{64}$/;

/**
 * The private details behind one public ledger entry, with the salt that lets the reader
 * recompute its commitment (GET /api/ledger/entries/:hash/details). Only those who may read
 * the trade itself get them; a visitor or any other member is told the entry has no details
 * for them (NOT_FOUND), exactly as for an unknown hash, so the answer says nothing about who
 * traded.
 */
export async function getLedgerEntryDetails(
  ctx: AppContext,
  { viewer, hash }: { viewer: TradeViewer | null; hash: string },
): Promise<LedgerEntryDetails> {
  const wanted = hash.toLowerCase();
  const entry = viewer && HASH.test(wanted) ? await findEntryByHash(ctx.db, wanted) : null;
  const trade = entry && (await findTradePartiesById(ctx.db, entry.tradeId));
  if (!entry || !trade || !canSeeTrade(trade, viewer!)) throw notFound('Ledger entry');

  const details = { tradeId: entry.tradeId, payload: entry.payload as Record<string, unknown> };
  const commitment = entry.commitment ?? '';
  return {
    hash: entry.hash,
    tradeRef: entry.tradeRef,
    commitment,
    salt: entry.salt,
    details,
    matchesCommitment: computeCommitment(entry.salt, details) === commitment,
  };
}
