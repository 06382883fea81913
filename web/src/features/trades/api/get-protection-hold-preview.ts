import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProtectionHoldPreview } from '@soleswap/contracts/wallet-protection';
import { getJson } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';

export interface ProtectionHoldSelection {
  /** The other side: the receiver of the proposal or counter. */
  receiverId: string | undefined;
  proposerSneakerIds: readonly number[];
  receiverSneakerIds: readonly number[];
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** `GET /api/trades/protection-holds`: the holds a proposal from the caller would carry (docs/rules/money.md#protection-holds). */
export function getProtectionHoldPreview(
  selection: ProtectionHoldSelection & { receiverId: string },
  signal?: AbortSignal,
): Promise<ProtectionHoldPreview> {
  const query = new URLSearchParams({
    receiverId: selection.receiverId,
    proposerSneakerIds: selection.proposerSneakerIds.join(','),
    receiverSneakerIds: selection.receiverSneakerIds.join(','),
  });
  return getJson<ProtectionHoldPreview>(`/api/trades/protection-holds?${query.toString()}`, { signal });
}

/**
 * The holds of the selection being made, asked again only when the selection changes (the key is the
 * selection, in id order); idle until both sides have a pair. While a new selection loads, the last
 * answer stays on screen (`isPlaceholderData`), so the form never flickers between answers.
 */
export function useProtectionHoldPreview({ receiverId, proposerSneakerIds, receiverSneakerIds }: ProtectionHoldSelection) {
  const mine = sorted(proposerSneakerIds);
  const theirs = sorted(receiverSneakerIds);
  const isComplete = Boolean(receiverId) && mine.length > 0 && theirs.length > 0;
  return useQuery({
    queryKey: tradeKeys.protectionHoldPreview(receiverId ?? '', mine, theirs),
    queryFn: ({ signal }) =>
      getProtectionHoldPreview({ receiverId: receiverId as string, proposerSneakerIds: mine, receiverSneakerIds: theirs }, signal),
    enabled: isComplete,
    placeholderData: keepPreviousData,
  });
}
