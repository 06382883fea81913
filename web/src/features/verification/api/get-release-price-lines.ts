import { useQuery } from '@tanstack/react-query';
import type { PricePeriod, PricePoint, ReleasePriceLines } from '@soleswap/contracts/catalog';
import { getJson } from '../../../lib/api-client';
import { verificationKeys } from '../../../lib/query-keys';

const NO_POINTS: PricePoint[] = [];

/**
 * One release's price line out of the lines of every release the page shows: each card asks with
 * the same ids, so the page makes one request however many cards it has.
 */
export function useReleasePriceLine(releaseId: number, shownIds: readonly number[], period: PricePeriod = '30d') {
  const path = `/api/catalog/prices?ids=${shownIds.join(',')}&period=${period}`;
  return useQuery({
    queryKey: verificationKeys.releasePriceLines(path),
    queryFn: () => getJson<ReleasePriceLines>(path),
    select: (data) => data.lines.find((line) => line.releaseId === releaseId)?.points ?? NO_POINTS,
    enabled: shownIds.length > 0,
  });
}
