import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/debug/server-info (development tools only). */
export interface ServerInfo {
  nodeVersion: string;
  nodeEnv: string;
  version: string;
  database: 'pglite' | 'postgres';
  /** Origins the app accepts logins from (APP_ORIGINS). */
  appOrigins: string[];
  identityProvider: 'embedded' | 'external';
  uptimeSeconds: number;
}

export const serverInfoQueryKey = ['/api/debug/server-info'] as const;

/** Facts about the running server; throws ApiError 404 where diagnostics are disabled. */
export function getServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
  return getJson<ServerInfo>('/api/debug/server-info', { signal });
}

/** Loads the server info once; never retried (spec 7). */
export function useServerInfo() {
  return useQuery({
    queryKey: serverInfoQueryKey,
    queryFn: ({ signal }) => getServerInfo(signal),
    retry: false,
  });
}
