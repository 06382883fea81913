import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Trade } from '@soleswap/contracts/trades';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { currentUserKey, sneakerKeys, tradeKeys, userKeys, walletKeys } from '../../../lib/query-keys';

export interface TradeActionCallbacks {
  onSuccess?: (trade: Trade) => void;
  onError?: (error: unknown) => void;
}

/**
 * Refreshes what a trade change can alter: the trade list, sneaker lists (locks and
 * owners change), users (trade counts and reputation change on completion and rating) and the
 * wallet (a completed trade's cash is credited to it).
 * Run after failures too: a 409 means the trade moved on and the card is stale.
 */
export function invalidateAfterTradeChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
  void queryClient.invalidateQueries({ queryKey: tradeKeys.tradableSneakers });
  void queryClient.invalidateQueries({ queryKey: sneakerKeys.all });
  void queryClient.invalidateQueries({ queryKey: userKeys.all });
  void queryClient.invalidateQueries({ queryKey: currentUserKey });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

/** A trade transition with an Idempotency-Key per click and a refresh afterwards. */
export function useTradeAction<TVariables>(
  request: (variables: TVariables, idempotencyKey: string) => Promise<Trade>,
  callbacks: TradeActionCallbacks = {},
) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TVariables, Trade>({
    request,
    onSuccess: (trade) => callbacks.onSuccess?.(trade),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => invalidateAfterTradeChange(queryClient),
  });
}
