import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SiteAnalytics } from '@soleswap/contracts/analytics';
import { getJson } from '../../../lib/api-client';

export const siteStatsQueryKey = (hours: number) => ['analytics', 'site-stats', hours] as const;

/** `GET /api/analytics/stats?hours=N` (admins). */
export function getSiteStats(hours: number, signal?: AbortSignal): Promise<SiteAnalytics> {
  return getJson<SiteAnalytics>(`/api/analytics/stats?hours=${hours}`, { signal });
}

/** The statistics of the chosen window; Refresh and Retry call `refetch`. */
export function useSiteStats(hours: number) {
  return useQuery({
    queryKey: siteStatsQueryKey(hours),
    queryFn: ({ signal }) => getSiteStats(hours, signal),
    placeholderData: keepPreviousData,
  });
}
