import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSneakerInput, Sneaker } from '@soleswap/contracts/sneakers';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterSneakerChange } from './sneaker-keys';

/** Adds a sneaker to the signed-in member's locker (`POST /api/sneakers`, 201). */
export function createSneaker(input: CreateSneakerInput): Promise<Sneaker> {
  return apiRequest<Sneaker>('POST', '/api/sneakers', input);
}

/** Adds a sneaker, then refreshes every list and counter that shows it. */
export function useCreateSneaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSneaker,
    onSuccess: () => invalidateAfterSneakerChange(queryClient),
  });
}
