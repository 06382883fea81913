import { useQuery } from '@tanstack/react-query';
import type { LaunchConfig } from '@soleswap/contracts/early-signups';
import { getJson } from '../../../lib/api-client';
import { launchKeys } from '../../../lib/query-keys';

/** Whether trading is open or the site is before launch (`GET /api/launch`, the server's LAUNCH_STATE). */
export function getLaunchConfig(signal?: AbortSignal): Promise<LaunchConfig> {
  return getJson<LaunchConfig>('/api/launch', { signal });
}

/** Read once a visit: the setting changes only with a restart of the server. */
export function useLaunchConfig() {
  return useQuery({ queryKey: launchKeys.config, queryFn: ({ signal }) => getLaunchConfig(signal), staleTime: Infinity });
}
