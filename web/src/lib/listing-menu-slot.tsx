import { createContext, useContext, type ReactNode } from 'react';

/** What a listing's extra menu needs to know about the sneaker. */
export interface ListingRef {
  id: number;
  name: string;
  userId: string;
}

/**
 * Features never import each other, yet a sneaker card (sneakers) offers "Report listing"
 * (moderation) to members who do not own it. The app fills this slot with that menu; the card
 * only renders whatever the slot gives it.
 */
export const ListingMenuSlot = createContext<((listing: ListingRef) => ReactNode) | null>(null);

export function useListingMenuSlot() {
  return useContext(ListingMenuSlot);
}
