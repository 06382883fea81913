import { useQuery } from '@tanstack/react-query';
import type { InspectionConfig } from '@soleswap/contracts/inspection';
import { getJson } from '../../../lib/api-client';
import { inspectionKeys } from '../../../lib/query-keys';

/** Whether the server has an authentication centre, and the value above which a trade must use it (`GET /api/inspection/config`). */
export function useInspectionConfig() {
  return useQuery({
    queryKey: inspectionKeys.config(),
    queryFn: ({ signal }) => getJson<InspectionConfig>('/api/inspection/config', { signal }),
    staleTime: Infinity,
  });
}
