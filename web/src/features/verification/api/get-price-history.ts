import { useQuery } from '@tanstack/react-query';
import type { PriceHistory, PricePeriod } from '@soleswap/contracts/catalog';
import { getJson } from '../../../lib/api-client';

/** Whose prices: a member's sneaker or a catalogue release. */
export type PriceSubject = { kind: 'sneaker' | 'catalog'; id: number };

const pathOf = ({ kind, id }: PriceSubject, period: PricePeriod) =>
  `/api/${kind === 'sneaker' ? 'sneakers' : 'catalog'}/${id}/prices?period=${period}`;

/** The price history of a sneaker or release over a period. */
export function usePriceHistory(subject: PriceSubject, period: PricePeriod = '30d', { enabled = true } = {}) {
  const path = pathOf(subject, period);
  // Keyed under the sneaker's (or release's) API path, so a verification's refresh reaches it.
  return useQuery({ queryKey: [subject.kind === 'sneaker' ? '/api/sneakers' : '/api/catalog', path], queryFn: () => getJson<PriceHistory>(path), enabled });
}
