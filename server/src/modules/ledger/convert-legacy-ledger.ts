import { createHash } from 'node:crypto';
import { canonicalJson } from '@soleswap/contracts/canonical-json';
import type { Db } from '../../db/client';
import { GENESIS_HASH, computeCommitment, computeEntryHash } from './ledger-hash';
import {
  committedDetails,
  findFirstLegacyEntryId,
  hasCommittedEntryAfter,
  listEntriesAfter,
  lockLedgerHead,
  updateEntryChain,
  type LedgerRow,
} from './ledger.repository';

const PAGE = 1000;

export interface LegacyLedgerConversion {
  /** Entries rewritten into the public form by this run (0 when there was nothing to do). */
  converted: number;
  /** Set when old-form entries were left as they are: the first entry that did not verify. */
  brokenAt: number | null;
}

/** Moves a trade's recorded lock hash from the old entry hash to the new one, in the caller's transaction. */
export type RelinkTradeLock = (tx: Db, tradeId: number, oldHash: string, newHash: string) => Promise<void>;

/** The old chain's hash, over the entry with its ids: sha256(prevHash + canonical JSON). */
export function legacyEntryHash(prevHash: string, row: Pick<LedgerRow, 'tradeId' | 'event' | 'payload' | 'createdAt'>) {
  const { tradeId, event, payload } = row;
  const createdAt = new Date(row.createdAt).toISOString();
  return createHash('sha256')
    .update(prevHash + canonicalJson({ tradeId, event, payload, createdAt }))
    .digest('hex');
}

/** Pages through the chain from the first entry, oldest first. */
async function forEachEntry(tx: Db, visit: (row: LedgerRow) => Promise<boolean>): Promise<void> {
  let afterId = 0;
  for (;;) {
    const page = await listEntriesAfter(tx, afterId, PAGE);
    if (page.length === 0) return;
    for (const row of page) if (!(await visit(row))) return;
    afterId = page[page.length - 1]!.id;
  }
}

/**
 * Rewrites a chain written in the old form (ids and payload hashed in public) into the public
 * form: a commitment for each entry (its salt and trade reference were filled by migration
 * 0005), then every hash recomputed over the public form in order, and each trade's
 * blockchainTxHash moved to its lock entry's new hash. Runs at start-up, right after the
 * migrations, in one transaction holding the ledger head, so it is all or nothing, and a second
 * run (or a second instance starting at once) finds nothing left to do.
 *
 * The old chain is verified first. Re-hashing a tampered chain would make the tampering
 * disappear, so if any old entry does not verify, nothing is converted: the ledger keeps
 * failing verification (from its first old entry) until someone looks at it, and the caller
 * reports the entry that broke. The same holds when new-form entries were already appended
 * after old ones: the old hashes they link to cannot be rewritten without rewriting them too.
 *
 * Trades keep their lock entry's hash; the trades module hands in how to move it (trades append to
 * the ledger, so the ledger does not import them).
 */
export async function convertLegacyLedger(db: Db, relinkTradeLock: RelinkTradeLock): Promise<LegacyLedgerConversion> {
  return db.transaction(async (tx) => {
    await lockLedgerHead(tx);
    const firstLegacy = await findFirstLegacyEntryId(tx);
    if (firstLegacy === null) return { converted: 0, brokenAt: null };
    if (await hasCommittedEntryAfter(tx, 0)) return { converted: 0, brokenAt: firstLegacy };

    let brokenAt: number | null = null;
    let oldPrev = GENESIS_HASH;
    await forEachEntry(tx, async (row) => {
      if (row.prevHash !== oldPrev || legacyEntryHash(row.prevHash, row) !== row.hash) {
        brokenAt = row.id;
        return false;
      }
      oldPrev = row.hash;
      return true;
    });
    if (brokenAt !== null) return { converted: 0, brokenAt };

    let converted = 0;
    let prevHash = GENESIS_HASH;
    await forEachEntry(tx, async (row) => {
      const commitment = computeCommitment(row.salt, committedDetails(row));
      const hash = computeEntryHash(prevHash, { event: row.event, tradeRef: row.tradeRef, commitment, createdAt: row.createdAt });
      await updateEntryChain(tx, row.id, { commitment, prevHash, hash });
      if (row.event === 'lock' && row.tradeId !== null) await relinkTradeLock(tx, row.tradeId, row.hash, hash);
      prevHash = hash;
      converted += 1;
      return true;
    });
    return { converted, brokenAt: null };
  });
}
