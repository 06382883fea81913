import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClearingRunResult } from '@soleswap/contracts/loops';
import { apiRequest } from '../../../lib/api-client';
import { loopKeys } from '../../../lib/query-keys';

/** Runs the loop clearing now (`POST /api/admin/loops/run`, admins only) instead of waiting for the hourly job. */
export function useRunClearing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ClearingRunResult>('POST', '/api/admin/loops/run'),
    onSettled: () => client.invalidateQueries({ queryKey: loopKeys.all }),
  });
}
