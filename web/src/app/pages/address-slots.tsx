import type { Trade } from '@soleswap/contracts/trades';
import { ShipToPanel } from '../../features/addresses/components/ship-to-panel';
import { ShipToPicker } from '../../features/addresses/components/ship-to-picker';
import { TradeJourneyPanel } from '../../features/inspection/components/trade-journey-panel';
import type { TradeAddressSlots } from '../../features/trades/trade-address-slots';

/** The addresses feature's picker and panel inside the trades feature's cards, accept dialog and proposal form. */
export const ADDRESS_SLOTS: TradeAddressSlots = {
  renderShipToPicker: (props) => <ShipToPicker {...props} />,
  renderShipTo: (trade: Trade) => {
    const shipTo = <ShipToPanel tradeId={trade.id} />;
    // Via authentication both sides ship to the centre: its address and each pair's journey come first.
    if (!trade.viaAuthentication || trade.status === 'pending') return shipTo;
    return (
      <>
        <TradeJourneyPanel tradeId={trade.id} mySide={trade.myRole} />
        {shipTo}
      </>
    );
  },
};
