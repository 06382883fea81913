import type { LedgerWindow } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { GENESIS_HASH, verifyChain } from './ledger-hash';
import { findEntryByHash, listEntriesAfter, listEntriesBefore, toChainEntry, toLedgerEntry } from './ledger.repository';

/** Entries shown on each side of the requested one. */
export const LEDGER_WINDOW_SIDE = 5;

const HASH = /^[0-9a-f]{64}$/;

/**
 * One ledger entry with the chain around it, re-verified (the "View on Blockchain" page), in
 * public form only: the server also checks each entry's private details against its
 * commitment, and says only whether they match. The window's first link is checked against the entry just before the window, or the
 * genesis hash when the window starts the chain.
 */
export async function getLedgerWindow(ctx: AppContext, { hash }: { hash: string }): Promise<LedgerWindow> {
  const wanted = hash.toLowerCase();
  const entry = HASH.test(wanted) ? await findEntryByHash(ctx.db, wanted) : null;
  if (!entry) throw notFound('Ledger entry');

  // One extra entry before the window: its hash anchors the window's first link.
  const earlier = await listEntriesBefore(ctx.db, entry.id, LEDGER_WINDOW_SIDE + 1);
  const anchor = earlier.length > LEDGER_WINDOW_SIDE ? earlier.shift()! : null;
  const after = await listEntriesAfter(ctx.db, entry.id, LEDGER_WINDOW_SIDE);
  const verification = verifyChain([...earlier, entry, ...after].map(toChainEntry), anchor?.hash ?? GENESIS_HASH);

  return {
    entry: toLedgerEntry(entry),
    before: earlier.map(toLedgerEntry),
    after: after.map(toLedgerEntry),
    verification,
  };
}
