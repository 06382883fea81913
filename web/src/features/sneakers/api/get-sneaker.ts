import { useQuery } from '@tanstack/react-query';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { getJson } from '../../../lib/api-client';
import { SNEAKERS_KEY } from './sneaker-keys';

/** One sneaker (`GET /api/sneakers/:id`), under the sneakers key so every change refreshes it. */
export function useSneaker(id: number) {
  return useQuery({
    queryKey: [...SNEAKERS_KEY, id],
    queryFn: ({ signal }) => getJson<Sneaker>(`/api/sneakers/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
