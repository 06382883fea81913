import { useQuery } from '@tanstack/react-query';
import type { LedgerVerification } from '@soleswap/contracts/ledger';
import { getJson } from '../../../lib/api-client';
import { ledgerKeys } from '../../../lib/query-keys';

/** Recomputes the whole chain on the server and reports the first broken link, if any. */
export function verifyLedger(signal?: AbortSignal): Promise<LedgerVerification> {
  return getJson<LedgerVerification>('/api/ledger/verify', { signal });
}

/**
 * The whole-ledger check, run only on request (it reads every entry): call `refetch()`
 * from the button; each press checks again.
 */
export function useVerifyLedger() {
  return useQuery({
    queryKey: ledgerKeys.verification,
    queryFn: ({ signal }) => verifyLedger(signal),
    enabled: false,
  });
}
