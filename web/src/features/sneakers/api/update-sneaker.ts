import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sneaker, UpdateSneakerInput } from '@soleswap/contracts/sneakers';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterSneakerChange } from './sneaker-keys';

export interface UpdateSneakerVariables {
  id: number;
  changes: UpdateSneakerInput;
}

/**
 * Changes an owned sneaker (`PUT /api/sneakers/:id`): a full edit, or the hide/show
 * toggle `{ isAvailableForTrade }`. Answers 409 SNEAKER_LOCKED while it is in escrow.
 */
export function updateSneaker({ id, changes }: UpdateSneakerVariables): Promise<Sneaker> {
  return apiRequest<Sneaker>('PUT', `/api/sneakers/${id}`, changes);
}

/** Updates a sneaker, then refreshes the owner's list and the general lists. */
export function useUpdateSneaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSneaker,
    onSuccess: () => invalidateAfterSneakerChange(queryClient),
  });
}
