import { canonicalJson } from './canonical-json';

/**
 * The escrow ledger's wire types. The ledger is public, so a public entry carries no
 * identities: the event, its time, an opaque reference shared by all entries of one trade and
 * a commitment to the private details (who traded which sneakers). Only the trade's parties
 * can read those details, with the salt that lets them check the commitment.
 */

/** Events written to the hash-chained escrow ledger. */
export const LEDGER_EVENTS = [
  'lock',
  'ship',
  'receive',
  'release',
  'refund',
  'dispute',
  'cash_authorize',
  'cash_capture',
  'cash_release',
  'hold_authorize',
  'hold_capture',
  'hold_release',
  'inspect',
  /** An admin reversed a captured protection hold on appeal (docs/rules/money.md#appealing-a-capture). */
  'hold_reverse',
] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];

/** One public entry of the append-only, hash-chained escrow ledger. */
export interface LedgerEntry {
  /** Position in the chain (a sequence number, unrelated to trade or member ids). */
  id: number;
  event: LedgerEvent;
  /** Opaque random reference, the same for every entry of one trade; not the trade id. */
  tradeRef: string;
  /** sha256 hex of salt + canonical JSON of the private details ({ tradeId, payload }). */
  commitment: string;
  prevHash: string;
  /** sha256 hex of prevHash + canonical JSON of { commitment, createdAt, event, tradeRef }. */
  hash: string;
  createdAt: string;
}

/** What an entry's commitment covers: the trade and the event's facts (member and sneaker ids). */
export interface LedgerPrivateDetails {
  tradeId: number;
  payload: Record<string, unknown>;
}

/** What the commitment of a loop trade's entry covers: the loop instead of a trade. */
export interface LoopLedgerPrivateDetails {
  loopId: number;
  payload: Record<string, unknown>;
}

/** The private details any entry commits to: a two-member trade's or a loop's. */
export type LedgerCommittedDetails = LedgerPrivateDetails | LoopLedgerPrivateDetails;

/**
 * The text whose sha256 hex is an entry's commitment: the salt followed by the canonical JSON
 * of the details. Shared so the browser checks a commitment exactly as the server computes it.
 */
export function commitmentPreimage(salt: string, details: LedgerCommittedDetails): string {
  if ('loopId' in details) return salt + canonicalJson({ loopId: details.loopId, payload: details.payload });
  return salt + canonicalJson({ tradeId: details.tradeId, payload: details.payload });
}

/**
 * GET /api/ledger/entries/:hash/details, for the trade's parties only: the private details
 * and the salt, so the reader can recompute sha256(salt + canonical JSON of details) and
 * compare it with the public commitment.
 */
export interface LedgerEntryDetails {
  hash: string;
  tradeRef: string;
  commitment: string;
  salt: string;
  /** A two-member trade's details, or a loop trade's (read by its members). */
  details: LedgerCommittedDetails;
  /** The server's own check of the details against the commitment. */
  matchesCommitment: boolean;
}

/** GET /api/ledger/verify: the chain recomputed from the first entry. */
export interface LedgerVerification {
  valid: boolean;
  /** Entries examined, including the broken one if any. */
  checked: number;
  /**
   * The first broken link. reason 'prevHash': the entry does not point at the
   * previous entry's hash (expected = previous hash, actual = stored prevHash).
   * reason 'hash': the entry's public form does not hash to its stored hash
   * (expected = recomputed, actual = stored). reason 'commitment': the stored private
   * details no longer match the public commitment (expected = recomputed commitment,
   * actual = stored commitment).
   */
  brokenAt: { id: number; expectedHash: string; actualHash: string; reason: 'prevHash' | 'hash' | 'commitment' } | null;
}

/**
 * GET /api/ledger/entries/:hash, the "View on Blockchain" page: one entry, up to 5 entries on
 * each side of it, and a re-verification of that window (its first link checked against the
 * entry just before the window).
 */
export interface LedgerWindow {
  entry: LedgerEntry;
  before: LedgerEntry[];
  after: LedgerEntry[];
  verification: LedgerVerification;
}
