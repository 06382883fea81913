import type { LedgerEntry, LedgerEvent } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { GENESIS_HASH, computeEntryHash } from './ledger-hash';
import { findLastHash, insertLedgerRow, lockLedgerHead, toLedgerEntry } from './ledger.repository';

export interface NewLedgerEntry {
  tradeId: number;
  event: LedgerEvent;
  /** Ids, sides and reasons only: the ledger is public, so no personal data beyond ids. */
  payload: Record<string, unknown>;
  /** When it happened (the caller's clock, ctx.now()); defaults to now. */
  at?: Date;
}

/**
 * Appends one event to the hash-chained escrow ledger, inside the caller's transaction so the
 * entry exists exactly when the transition it records commits. The head of the chain is held
 * with a transaction-scoped advisory lock until commit, so concurrent transitions chain one
 * after the other instead of both pointing at the same previous hash. Call it after the
 * transaction has taken its row locks: holding the head while waiting for rows would
 * serialize every trade behind the slowest one.
 */
export async function appendLedgerEntry(tx: Db, entry: NewLedgerEntry): Promise<LedgerEntry> {
  await lockLedgerHead(tx);
  const prevHash = (await findLastHash(tx)) ?? GENESIS_HASH;
  // The hash covers createdAt, so hash exactly the value written: a JS Date (millisecond
  // precision) survives timestamptz unchanged, whereas the database's now() has microseconds.
  const createdAt = new Date((entry.at ?? new Date()).getTime());
  const content = { tradeId: entry.tradeId, event: entry.event, payload: entry.payload, createdAt };
  const hash = computeEntryHash(prevHash, content);
  const row = await insertLedgerRow(tx, { ...content, prevHash, hash });
  return toLedgerEntry(row);
}
