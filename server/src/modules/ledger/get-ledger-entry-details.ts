import type { LedgerEntryDetails } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { computeCommitment } from './ledger-hash';
import { committedDetails, findEntryByHash, type LedgerRow } from './ledger.repository';

const HASH = /^[0-9a-f]{64}$/;

export interface LedgerViewer {
  id: string;
  isAdmin: boolean;
}

/**
 * Who may read an entry's details is decided by the module the entry is about. Trades and loops
 * append ledger entries and so sit above the ledger; they hand these checks in (see register-modules).
 */
export interface LedgerDetailsAccess {
  /** Whether the member is in the loop. */
  isLoopMember: (ctx: AppContext, query: { loopId: number; userId: string }) => Promise<boolean>;
  /** Whether the viewer may read the trade itself (its parties; an admin once it is disputed). */
  mayReadTrade: (ctx: AppContext, query: { tradeId: number; viewer: LedgerViewer }) => Promise<boolean>;
}

/**
 * The private details behind one public ledger entry, with the salt that lets the reader
 * recompute its commitment (GET /api/ledger/entries/:hash/details). Only those who may read
 * the trade itself get them; a visitor or any other member is told the entry has no details
 * for them (NOT_FOUND), exactly as for an unknown hash, so the answer says nothing about who
 * traded.
 */
export async function getLedgerEntryDetails(
  ctx: AppContext,
  { viewer, hash }: { viewer: LedgerViewer | null; hash: string },
  access: LedgerDetailsAccess,
): Promise<LedgerEntryDetails> {
  const wanted = hash.toLowerCase();
  const entry = viewer && HASH.test(wanted) ? await findEntryByHash(ctx.db, wanted) : null;
  if (!entry || !(await mayReadDetails(ctx, entry, viewer!, access))) throw notFound('Ledger entry');

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
async function mayReadDetails(ctx: AppContext, entry: LedgerRow, viewer: LedgerViewer, access: LedgerDetailsAccess): Promise<boolean> {
  if (entry.loopId !== null) return access.isLoopMember(ctx, { loopId: entry.loopId, userId: viewer.id });
  if (entry.tradeId === null) return false;
  return access.mayReadTrade(ctx, { tradeId: entry.tradeId, viewer });
}
