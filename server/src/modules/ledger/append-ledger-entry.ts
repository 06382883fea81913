import type { LedgerEntry, LedgerEvent } from '@soleswap/contracts/ledger';
import type { Db } from '../../db/client';
import { GENESIS_HASH, computeCommitment, computeEntryHash, newSalt, newTradeRef } from './ledger-hash';
import { findLastHash, findTradeRef, insertLedgerRow, lockLedgerHead, toLedgerEntry } from './ledger.repository';
import { subjectKeyShare, type LedgerSubject } from './ledger-subjects';

export type NewLedgerEntry = LedgerSubject & {
  event: LedgerEvent;
  /**
   * The event's facts (member ids, sneaker ids, sides, reasons). Private: only the trade's
   * parties read it; the public sees a salted commitment to it. Still no free text or anything
   * that leads to an address, since both parties read it.
   */
  payload: Record<string, unknown>;
  /** When it happened (the caller's clock, ctx.now()); defaults to now. */
  at?: Date;
};

/**
 * Appends one event to the hash-chained escrow ledger, inside the caller's transaction so the
 * entry exists exactly when the transition it records commits. The head of the chain is held
 * with a transaction-scoped advisory lock until commit, so concurrent transitions chain one
 * after the other instead of both pointing at the same previous hash (and a trade's first two
 * entries cannot pick two different references). Call it after the transaction has taken its
 * row locks: holding the head while waiting for rows would serialize every trade behind the
 * slowest one, and deadlock with a transaction that holds one of them and waits for the head.
 *
 * One lock order, head last (docs/rules/ledger.md#lock-order): the entry's row references its
 * trade, which locks the trade's row FOR KEY SHARE, so that lock is taken first, in the statement
 * that takes the head. A money step (a card authorized, a hold captured or released) then waits for
 * a transition holding the trade (an acceptance, a ship) before it holds the head, never the other
 * way round. A loop's entries take its row the same way: a loop's transition holds it already, and a
 * money step of the loop (its protection holds) waits for the transition first. Trades and loops
 * hand in how their rows are locked (ledger-subjects.ts), so the ledger imports neither.
 */
export async function appendLedgerEntry(tx: Db, entry: NewLedgerEntry): Promise<LedgerEntry> {
  await lockLedgerHead(tx, subjectKeyShare(entry));
  const prevHash = (await findLastHash(tx)) ?? GENESIS_HASH;
  const subject = entry.loopId !== undefined ? { loopId: entry.loopId } : { tradeId: entry.tradeId };
  const tradeRef = (await findTradeRef(tx, subject)) ?? newTradeRef();
  const salt = newSalt();
  const commitment = computeCommitment(salt, { ...subject, payload: entry.payload });
  // The hash covers createdAt, so hash exactly the value written: a JS Date (millisecond
  // precision) survives timestamptz unchanged, whereas the database's now() has microseconds.
  const createdAt = new Date((entry.at ?? new Date()).getTime());
  const hash = computeEntryHash(prevHash, { event: entry.event, tradeRef, commitment, createdAt });
  const row = await insertLedgerRow(tx, {
    tradeId: entry.tradeId ?? null,
    loopId: entry.loopId ?? null,
    event: entry.event,
    payload: entry.payload,
    tradeRef,
    salt,
    commitment,
    prevHash,
    hash,
    createdAt,
  });
  return toLedgerEntry(row);
}
