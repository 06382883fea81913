import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterSneakerChange } from './sneaker-keys';

/** Removes an owned sneaker (`DELETE /api/sneakers/:id`, 204; 409 SNEAKER_LOCKED in escrow). */
export function deleteSneaker(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/sneakers/${id}`);
}

/** Deletes a sneaker, then refreshes the owner's list and the general lists. */
export function useDeleteSneaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSneaker,
    onSuccess: () => invalidateAfterSneakerChange(queryClient),
  });
}
