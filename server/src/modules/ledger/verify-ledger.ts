import type { LedgerVerification } from '@soleswap/contracts/ledger';
import type { AppContext } from '../../context';
import { GENESIS_HASH, verifyChain } from './ledger-hash';
import { listEntriesAfter, toChainEntry } from './ledger.repository';

/** Entries read per query: the chain is verified page by page, never loaded whole. */
const PAGE = 1000;

/**
 * Re-computes the whole ledger from the genesis hash and reports the first broken link
 * (GET /api/ledger/verify): a link or public hash that does not recompute, or private details
 * that no longer match their public commitment.
 */
export async function verifyLedger(ctx: AppContext): Promise<LedgerVerification> {
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const page = await listEntriesAfter(ctx.db, afterId, PAGE);
    if (page.length === 0) break;
    const result = verifyChain(page.map(toChainEntry), prevHash);
    if (!result.valid) return { ...result, checked: checked + result.checked };
    checked += page.length;
    const last = page[page.length - 1]!;
    prevHash = last.hash;
    afterId = last.id;
  }
  return { valid: true, checked, brokenAt: null };
}
