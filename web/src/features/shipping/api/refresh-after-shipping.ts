import type { QueryClient } from '@tanstack/react-query';
import { tradeKeys, walletKeys } from '../../../lib/query-keys';

/**
 * What a label or a carrier event can change: the trade (its legs, shipped and delivered times,
 * receive-by, status) with its shipping under it, and the wallet a sender's label is paid from.
 * Run after failures too: a 409 means the leg moved on and the panel is stale.
 */
export function refreshAfterShipping(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
