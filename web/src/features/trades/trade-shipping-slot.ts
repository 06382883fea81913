import type { Trade } from '@soleswap/contracts/trades';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the trades feature shows of the shipping feature (issue #43), handed in by the app (features
 * never import each other): the label panel of a direct trade, which then offers the typed number
 * ("Use my own carrier") instead of the "Mark shipped" action, and the accept dialog's word on who
 * pays for labels.
 */
export interface TradeShippingSlot {
  renderPanel: (trade: Trade) => ReactNode;
  renderAcceptNote: (trade: Trade) => ReactNode;
}

export const TradeShippingSlotContext = createContext<TradeShippingSlot | null>(null);

/** The slot, or null where the app gave none (a test rendering a card alone). */
export function useTradeShippingSlot(): TradeShippingSlot | null {
  return useContext(TradeShippingSlotContext);
}

/** A direct trade ships through the label panel when the app gave one; via the centre it ships as before. */
export function shipsThroughLabelPanel(trade: Pick<Trade, 'viaAuthentication'>, slot: TradeShippingSlot | null): boolean {
  return slot !== null && !trade.viaAuthentication;
}
