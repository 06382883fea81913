import { useQuery } from '@tanstack/react-query';
import type { LedgerEntryDetails } from '@soleswap/contracts/ledger';
import { ApiError, getJson } from '../../../lib/api-client';
import { ledgerKeys } from '../../../lib/query-keys';

/**
 * The private details behind a ledger entry, or null when the caller is not a party to its
 * trade (the server answers 404 to anyone else, as if there were nothing to show).
 */
export async function getLedgerEntryDetails(hash: string, signal?: AbortSignal): Promise<LedgerEntryDetails | null> {
  try {
    return await getJson<LedgerEntryDetails>(`/api/ledger/entries/${encodeURIComponent(hash)}/details`, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

/** Loads an entry's details for a signed-in member; visitors never ask. */
export function useLedgerEntryDetails(hash: string, isSignedIn: boolean) {
  return useQuery({
    queryKey: ledgerKeys.entryDetails(hash),
    queryFn: ({ signal }) => getLedgerEntryDetails(hash, signal),
    enabled: isSignedIn,
  });
}
