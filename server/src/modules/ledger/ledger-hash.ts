import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '@soleswap/contracts/canonical-json';
import { commitmentPreimage } from '@soleswap/contracts/ledger';
import type { LedgerCommittedDetails, LedgerVerification } from '@soleswap/contracts/ledger';

export { canonicalJson };

/**
 * The escrow ledger's hash chain, pure (the repository reads and writes the rows).
 *
 * An entry has a public form, { event, tradeRef, commitment, createdAt }, and private details,
 * { tradeId, payload }. The chain only hashes the public form:
 *   hash = sha256(prevHash + canonical JSON of the public form)
 * and the commitment binds the private details to it without revealing them:
 *   commitment = sha256(salt + canonical JSON of the details)
 * The salt is random per entry: trade, member and sneaker ids are few enough to guess, so an
 * unsalted commitment could be reversed by trying them all.
 */

/** prevHash of the very first ledger entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The public part of an entry, which its hash covers. */
export interface PublicEntryContent {
  event: string;
  tradeRef: string;
  /** Null only on a row not yet converted from the old form: it never verifies. */
  commitment: string | null;
  /** A Date or any string Date can parse: hashed as the ISO string, so both forms agree. */
  createdAt: Date | string;
}

/** A stored entry as verifyChain reads it. */
export interface ChainEntry extends PublicEntryContent {
  id: number;
  prevHash: string;
  hash: string;
  /** The private side, when the verifier may read it: its commitment is checked too. */
  secret?: { salt: string; details: LedgerCommittedDetails };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A fresh opaque reference for a trade's first ledger entry (96 random bits). */
export function newTradeRef(): string {
  return randomBytes(12).toString('hex');
}

/** A fresh per-entry salt (128 random bits). */
export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** sha256 hex of the salt followed by the canonical JSON of { tradeId, payload } (or { loopId, payload }). */
export function computeCommitment(salt: string, details: LedgerCommittedDetails): string {
  return sha256(commitmentPreimage(salt, details));
}

/**
 * sha256 hex of prevHash followed by the canonical JSON of the entry's public form.
 * Only event, tradeRef, commitment and createdAt are hashed, so a whole row can be passed.
 */
export function computeEntryHash(prevHash: string, entry: PublicEntryContent): string {
  const { event, tradeRef, commitment } = entry;
  const createdAt = new Date(entry.createdAt).toISOString();
  return sha256(prevHash + canonicalJson({ commitment, createdAt, event, tradeRef }));
}

/**
 * Re-computes the chain and reports the first broken link: an entry whose prevHash is not
 * the previous entry's hash, whose hash does not recompute from its public form, or (when its
 * private side is given) whose details no longer match its commitment. `entries` must be
 * ordered by id. To check a window of the chain, pass the hash of the entry just before it
 * as `startPrevHash`.
 */
export function verifyChain(entries: readonly ChainEntry[], startPrevHash: string = GENESIS_HASH): LedgerVerification {
  let expectedPrev = startPrevHash;
  for (const [index, entry] of entries.entries()) {
    const checked = index + 1;
    if (entry.prevHash !== expectedPrev) {
      return {
        valid: false,
        checked,
        brokenAt: { id: entry.id, expectedHash: expectedPrev, actualHash: entry.prevHash, reason: 'prevHash' },
      };
    }
    const recomputed = computeEntryHash(entry.prevHash, entry);
    if (recomputed !== entry.hash) {
      return {
        valid: false,
        checked,
        brokenAt: { id: entry.id, expectedHash: recomputed, actualHash: entry.hash, reason: 'hash' },
      };
    }
    if (entry.secret) {
      const commitment = computeCommitment(entry.secret.salt, entry.secret.details);
      if (commitment !== entry.commitment) {
        return {
          valid: false,
          checked,
          brokenAt: { id: entry.id, expectedHash: commitment, actualHash: entry.commitment ?? '', reason: 'commitment' },
        };
      }
    }
    expectedPrev = entry.hash;
  }
  return { valid: true, checked: entries.length, brokenAt: null };
}
