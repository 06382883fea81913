import { useQuery } from '@tanstack/react-query';
import type { ShippingConfig } from '@soleswap/contracts/shipping';
import { getJson } from '../../../lib/api-client';
import { shippingKeys } from '../../../lib/query-keys';

/** `GET /api/shipping/config`: who pays for labels, the boxes, typed numbers and the sandbox's control; loaded once a visit. */
export function useShippingConfig() {
  return useQuery({
    queryKey: shippingKeys.config,
    queryFn: ({ signal }) => getJson<ShippingConfig>('/api/shipping/config', { signal }),
  });
}
