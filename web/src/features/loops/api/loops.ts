import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import { apiRequest, getJson } from '../../../lib/api-client';

export const loopsQueryKey = ['/api/loops'] as const;

export function useLoops() {
  return useQuery({
    queryKey: loopsQueryKey,
    queryFn: ({ signal }) => getJson<Loop[]>('/api/loops', { signal }),
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });
}

export interface LoopActionInput {
  loopId: number;
  action: LoopAction;
  body?: { trackingNumber?: string; reason?: string };
}

/**
 * POST /api/loops/:id/<action> with an Idempotency-Key, so a request the network repeats is
 * answered once. (Mutations are not retried automatically; each click is a new action.)
 */
export function useLoopAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ loopId, action, body }: LoopActionInput) =>
      apiRequest<Loop>('POST', `/api/loops/${loopId}/${action}`, body ?? {}, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: loopsQueryKey }),
  });
}
