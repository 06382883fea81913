import type { LedgerEntryDetails } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canSeeTrade } from '../trades/trade-access';
import { findTradePartiesById } from '../trades/trade-records';
import type { TradeViewer } from '../trades/trade-view';
import { computeCommitment } from './ledger-hash';
import { committedDetails, findEntryByHash, type LedgerRow } from './ledger.repository';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Whether the member is in the loop; the loops module provides it (see register-modules), since
 * loops append ledger entries and so sit above the ledger.
 */
export type IsLoopMember = (ctx: AppContext, query: { loopId: number; userId: string }) => Promise<boolean>;

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
  isLoopMember: IsLoopMember,
): Promise<LedgerEntryDetails> {
  const wanted = hash.toLowerCase();
  const entry = viewer && HASH.test(wanted) ? await findEntryByHash(ctx.db, wanted) : null;
  if (!entry || !(await mayReadDetails(ctx, entry, viewer!, isLoopMember))) throw notFound('Ledger entry');

  const details = committedDetails(entry);
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

/** A trade's entry: as the trade itself (its parties, an admin on a dispute); a loop's: its members. */
async function mayReadDetails(ctx: AppContext, entry: LedgerRow, viewer: TradeViewer, isLoopMember: IsLoopMember): Promise<boolean> {
  if (entry.loopId !== null) return isLoopMember(ctx, { loopId: entry.loopId, userId: viewer.id });
  if (entry.tradeId === null) return false;
  const trade = await findTradePartiesById(ctx.db, entry.tradeId);
  return trade !== null && canSeeTrade(trade, viewer);
}
