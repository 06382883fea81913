import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { createIdempotencyKeeper } from './idempotency-key';

export interface IdempotentMutationOptions<TVariables, TData> {
  /** Sends the request with the key to put in the Idempotency-Key header. */
  request: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  /**
   * Hook-level callbacks: unlike `mutate(vars, { onSuccess })` they still run when the
   * component has unmounted (a trade card moves to another tab once its status changes).
   */
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  onSettled?: () => void;
}

/**
 * A mutation whose every attempt carries an Idempotency-Key: a new key per user action,
 * the same key when the same action is retried after the server never answered.
 */
export function useIdempotentMutation<TVariables, TData>(options: IdempotentMutationOptions<TVariables, TData>) {
  const keeper = useRef(createIdempotencyKeeper()).current;
  return useMutation<TData, unknown, TVariables>({
    mutationFn: async (variables) => {
      const key = keeper.keyFor(variables);
      try {
        const data = await options.request(variables, key);
        keeper.settle();
        return data;
      } catch (error) {
        keeper.settle(error);
        throw error;
      }
    },
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onError: (error, variables) => options.onError?.(error, variables),
    // Not returned: waiting for the refetch would delay the caller's own callbacks.
    onSettled: () => {
      options.onSettled?.();
    },
  });
}
