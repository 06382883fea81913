import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SiteAnalytics } from '@soleswap/contracts/analytics';
import { getJson } from '../../../lib/api-client';
import { analyticsKeys } from '../../../lib/query-keys';

/** `GET /api/analytics/stats?hours=N` (admins). */
export function getSiteStats(hours: number, signal?: AbortSignal): Promise<SiteAnalytics> {
  return getJson<SiteAnalytics>(`/api/analytics/stats?hours=${hours}`, { signal });
}

/** The statistics of the chosen window; Refresh and Retry call `refetch`. */
export function useSiteStats(hours: number) {
  return useQuery({
    queryKey: analyticsKeys.siteStats(hours),
    queryFn: ({ signal }) => getSiteStats(hours, signal),
    placeholderData: keepPreviousData,
  });
}
