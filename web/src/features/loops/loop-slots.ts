import type { Loop } from '@soleswap/contracts/loops';
import type { CashCard } from '@soleswap/contracts/wallet';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the loops feature shows of other features, handed in by the app (features never import
 * each other): the addresses feature's ship-to picker (accepting) and shipping addresses, and the chat
 * feature's panel for the loop's chat, and the card fields a member who owes a protection hold fills
 * in when accepting (the trades feature's, checked by the rule the server applies).
 */
export interface LoopSlots {
  renderShipToPicker: (props: { value: number | null; onChange: (addressId: number | null) => void }) => ReactNode;
  /** The loop's shipping addresses: where my pair goes, where the pair for me arrives. */
  renderShipTo: (loop: Loop) => ReactNode;
  renderChat: (loop: Loop) => ReactNode;
  /** The card fields; `onCard` hears the card once it is complete and valid, null until then. */
  renderHoldCard: (props: { onCard: (card: CashCard | null) => void }) => ReactNode;
}

export const LoopSlotsContext = createContext<LoopSlots | null>(null);

/** The slots, or null where the app gave none (a test rendering a card alone). */
export function useLoopSlots(): LoopSlots | null {
  return useContext(LoopSlotsContext);
}
