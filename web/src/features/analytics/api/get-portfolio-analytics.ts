import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortfolioAnalytics, PortfolioPeriod } from '@soleswap/contracts/analytics';
import { getJson } from '../../../lib/api-client';

export const portfolioQueryKey = (period: PortfolioPeriod) => ['analytics', 'portfolio', period] as const;

/** `GET /api/analytics/portfolio?period=` (premium members). */
export function getPortfolioAnalytics(period: PortfolioPeriod, signal?: AbortSignal): Promise<PortfolioAnalytics> {
  return getJson<PortfolioAnalytics>(`/api/analytics/portfolio?period=${period}`, { signal });
}

/** The download address of the collection as CSV over the same period (a plain link: the browser saves it). */
export const portfolioCsvUrl = (period: PortfolioPeriod) => `/api/analytics/portfolio.csv?period=${period}`;

/** The figures of the chosen period; fetched only for premium members (`enabled`). */
export function usePortfolioAnalytics(period: PortfolioPeriod, enabled: boolean) {
  return useQuery({
    queryKey: portfolioQueryKey(period),
    queryFn: ({ signal }) => getPortfolioAnalytics(period, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
