import { commitmentPreimage, type LedgerCommittedDetails } from '@soleswap/contracts/ledger';

/**
 * Recomputes a commitment in the browser, sha256(salt + canonical JSON of the details), and
 * compares it with the public one, so a party need not take the server's word for it. Null
 * where the page has no Web Crypto (it is only offered on https and localhost).
 */
export async function checkCommitment(salt: string, details: LedgerCommittedDetails, commitment: string): Promise<boolean | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(commitmentPreimage(salt, details)));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex === commitment;
}
