import { useQuery } from '@tanstack/react-query';
import type { LedgerWindow } from '@soleswap/contracts/ledger';
import { getJson } from '../../../lib/api-client';
import { ledgerKeys } from '../../../lib/query-keys';

/** One ledger entry, up to 5 entries on each side, and a re-verification of that stretch. */
export function getLedgerWindow(hash: string, signal?: AbortSignal): Promise<LedgerWindow> {
  return getJson<LedgerWindow>(`/api/ledger/entries/${encodeURIComponent(hash)}`, { signal });
}

/** Loads the ledger page for a hash (public: no sign-in needed). */
export function useLedgerWindow(hash: string) {
  return useQuery({ queryKey: ledgerKeys.window(hash), queryFn: ({ signal }) => getLedgerWindow(hash, signal) });
}
