import type { Trade } from '@soleswap/contracts/trades';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the trades feature shows of the addresses feature, handed in by the app (features never
 * import each other): the ship-to picker of the accept dialog and of an offer via the centre, and a
 * trade's shipping addresses.
 */
export interface TradeAddressSlots {
  /** `viaCentre`: the trade goes through the authentication centre (only the centre reads the address). */
  renderShipToPicker: (props: { value: number | null; onChange: (addressId: number | null) => void; viaCentre?: boolean }) => ReactNode;
  renderShipTo: (trade: Trade) => ReactNode;
}

export const TradeAddressSlotsContext = createContext<TradeAddressSlots | null>(null);

/** The slots, or null where the app gave none (a test rendering a card alone). */
export function useTradeAddressSlots(): TradeAddressSlots | null {
  return useContext(TradeAddressSlotsContext);
}
