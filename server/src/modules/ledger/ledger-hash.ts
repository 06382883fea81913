import { createHash } from 'node:crypto';
import type { LedgerVerification } from '@soleswap/contracts/trades';

/**
 * The escrow ledger's hash chain (decisions.md 6): each entry's hash is
 * sha256(prevHash + canonical JSON of { tradeId, event, payload, createdAt }),
 * and the first entry points at GENESIS_HASH. Pure: the repository reads and
 * writes the rows.
 */

/** prevHash of the very first ledger entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The part of an entry that its hash covers. */
export interface HashedEntryContent {
  tradeId: number;
  event: string;
  payload: unknown;
  /** A Date or any string Date can parse: hashed as the ISO string, so both forms agree. */
  createdAt: Date | string;
}

/** A stored entry as verifyChain reads it. */
export interface ChainEntry extends HashedEntryContent {
  id: number;
  prevHash: string;
  hash: string;
}

/**
 * JSON with object keys sorted at every depth and no whitespace, so the same
 * value always gives the same text, whatever order PostgreSQL's jsonb returns
 * keys in. Dates become ISO strings (as JSON.stringify does) and undefined
 * object fields are left out, so a payload hashes the same before it is stored
 * and after it is read back. Values JSON cannot carry (NaN, Infinity, bigint,
 * functions) throw instead of silently becoming null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot hash the number ${value}`);
    return JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString()); // throws on an invalid date
  if (typeof value === 'object') {
    const withToJson = value as { toJSON?: () => unknown };
    if (typeof withToJson.toJSON === 'function') return canonicalJson(withToJson.toJSON());
    if (Array.isArray(value)) {
      return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
    }
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  throw new TypeError(`Cannot hash a value of type ${typeof value}`);
}

/**
 * sha256 hex of prevHash followed by the canonical JSON of the entry's content.
 * Only tradeId, event, payload and createdAt are hashed, so a whole row can be passed.
 */
export function computeEntryHash(prevHash: string, entry: HashedEntryContent): string {
  const { tradeId, event, payload } = entry;
  const createdAt = new Date(entry.createdAt).toISOString();
  return createHash('sha256')
    .update(prevHash + canonicalJson({ tradeId, event, payload, createdAt }))
    .digest('hex');
}

/**
 * Re-computes the chain and reports the first broken link: an entry whose
 * prevHash is not the previous entry's hash, or whose hash does not recompute
 * from its content. `entries` must be ordered by id. To check a window of the
 * chain, pass the hash of the entry just before it as `startPrevHash`.
 */
export function verifyChain(
  entries: readonly ChainEntry[],
  startPrevHash: string = GENESIS_HASH,
): LedgerVerification {
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
    expectedPrev = entry.hash;
  }
  return { valid: true, checked: entries.length, brokenAt: null };
}
