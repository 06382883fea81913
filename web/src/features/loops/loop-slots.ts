import type { Loop } from '@soleswap/contracts/loops';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the loops feature shows of other features, handed in by the app (features never import
 * each other): the addresses feature's ship-to picker (accepting) and shipping addresses, and the chat
 * feature's panel for the loop's chat.
 */
export interface LoopSlots {
  renderShipToPicker: (props: { value: number | null; onChange: (addressId: number | null) => void }) => ReactNode;
  /** The loop's shipping addresses: where my pair goes, where the pair for me arrives. */
  renderShipTo: (loop: Loop) => ReactNode;
  renderChat: (loop: Loop) => ReactNode;
}

export const LoopSlotsContext = createContext<LoopSlots | null>(null);

/** The slots, or null where the app gave none (a test rendering a card alone). */
export function useLoopSlots(): LoopSlots | null {
  return useContext(LoopSlotsContext);
}
