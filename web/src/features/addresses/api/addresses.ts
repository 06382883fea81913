import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput, AddressSaveChoice, TradeShipTo } from '@soleswap/contracts/addresses';
import type { Page } from '@soleswap/contracts/users';
import { apiRequest, getJson } from '../../../lib/api-client';
import { addressKeys } from '../../../lib/query-keys';

/** The most addresses a book holds (ADDRESSES_MAX): one page shows them all. */
const BOOK_PAGE = 50;

/** My address book (`GET /api/addresses`), newest first. */
export function useMyAddresses() {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => getJson<Page<Address>>(`/api/addresses?limit=${BOOK_PAGE}`, { signal }),
  });
}

/** The form's raw values: the server normalises them (postal code shape, region code). */
export type AddressDraft = Omit<AddressInput, 'country'> & { country: string };

/**
 * Adds (`POST /api/addresses`) an address; the same address again answers the entry already there.
 * The carrier's provider verifies it first: 422 ADDRESS_UNDELIVERABLE with its words, or 422
 * ADDRESS_SUGGESTION until the member answers with `choice` (acceptSuggestion or keepAsTyped).
 */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, choice = {} }: { draft: AddressDraft; choice?: AddressSaveChoice }) =>
      apiRequest<Address>('POST', '/api/addresses', { ...draft, ...choice }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** Deletes (`DELETE /api/addresses/:id`) an address; trades keep the copy they were given. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ deleted: true }>('DELETE', `/api/addresses/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** A trade's ship-to addresses as I may see them (`GET /api/trades/:id/ship-to`; each read of the other side's is recorded). */
export function useTradeShipTo(tradeId: number) {
  return useQuery({
    queryKey: addressKeys.shipTo(tradeId),
    queryFn: ({ signal }) => getJson<TradeShipTo>(`/api/trades/${tradeId}/ship-to`, { signal }),
  });
}

/** Chooses where my side's parcel goes (`PUT /api/trades/:id/ship-to`). */
export function useChooseShipTo(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => apiRequest<TradeShipTo>('PUT', `/api/trades/${tradeId}/ship-to`, { addressId }),
    onSuccess: (shipTo) => queryClient.setQueryData(addressKeys.shipTo(tradeId), shipTo),
  });
}
