import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { identityKeys } from '../../../lib/query-keys';

/** What the provider is asking for in this interaction (normally the "login" prompt). */
export interface InteractionDetails {
  uid: string;
  prompt: string;
}

/** The live interaction; throws ApiError NOT_FOUND when it expired or belongs to another browser. */
export function getInteractionDetails(uid: string, signal?: AbortSignal): Promise<InteractionDetails> {
  return getJson<InteractionDetails>(`/idp/interaction/${encodeURIComponent(uid)}/details`, { signal });
}

/** Checks the interaction on arrival, so an expired link says so before anyone types a password. */
export function useInteractionDetails(uid: string) {
  return useQuery({
    queryKey: identityKeys.interactionDetails(uid),
    queryFn: ({ signal }) => getInteractionDetails(uid, signal),
  });
}
