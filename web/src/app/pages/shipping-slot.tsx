import type { Trade } from '@soleswap/contracts/trades';
import { AcceptLabelPayerNote } from '../../features/shipping/components/accept-label-payer-note';
import { TradeShippingPanel } from '../../features/shipping/components/trade-shipping-panel';
import { ShipDialog } from '../../features/trades/components/ship-dialog';
import { partyName } from '../../features/trades/format-trade';
import type { TradeShippingSlot } from '../../features/trades/trade-shipping-slot';
import { tradePerspective } from '../../features/trades/trade-perspective';

/** A receive-by while its window is open: the trade still waits for that receipt. */
const openWindow = (trade: Trade, receiveBy: string | null, receivedAt: string | null) =>
  trade.status === 'accepted' && receivedAt === null ? receiveBy : null;

/** The shipping feature's label panel and accept-dialog note inside the trades feature's cards (issue #43). */
export const SHIPPING_SLOT: TradeShippingSlot = {
  renderPanel: (trade: Trade) => {
    const { me, them } = tradePerspective(trade);
    return (
      <TradeShippingPanel
        tradeId={trade.id}
        partnerName={partyName(trade.counterparty)}
        canShip={trade.status === 'accepted' && me.shippedAt === null}
        receiveBy={{ outgoing: openWindow(trade, them.receiveBy, them.receivedAt), incoming: openWindow(trade, me.receiveBy, me.receivedAt) }}
        ownCarrier={trade.allowedActions.includes('ship') ? <ShipDialog trade={trade} triggerLabel="Use my own carrier" /> : undefined}
      />
    );
  },
  renderAcceptNote: () => <AcceptLabelPayerNote />,
};
