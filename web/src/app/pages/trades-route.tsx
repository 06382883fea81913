import type { Trade } from '@soleswap/contracts/trades';
import { useMemo } from 'react';
import { unreadByTrade, useChatUnread } from '../../features/chat/api/get-unread';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { useCurrentUser } from '../../lib/current-user';
import { TradeChatFooter } from '../../features/trades/components/trade-chat-panel';
import { TradesPage } from '../../features/trades/components/trades-page';
import { ShipToPanel } from '../../features/addresses/components/ship-to-panel';
import { ShipToPicker } from '../../features/addresses/components/ship-to-picker';
import { TradeJourneyPanel } from '../../features/inspection/components/trade-journey-panel';
import { TradeAddressSlotsContext, type TradeAddressSlots } from '../../features/trades/trade-address-slots';

/** The addresses feature's picker and panel inside the trades feature's cards and accept dialog. */
const ADDRESS_SLOTS: TradeAddressSlots = {
  renderShipToPicker: (props) => <ShipToPicker {...props} />,
  renderShipTo: (trade: Trade) => {
    const shipTo = <ShipToPanel tradeId={trade.id} canChange={trade.status === 'pending' || trade.status === 'accepted'} />;
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

/** /trades: the trades feature's page with the chat feature's panel and the addresses feature's ship-to in each card. */
export function TradesRoute() {
  const viewer = useCurrentUser();
  const unread = useChatUnread();
  const currentUserId = viewer.user?.id ?? '';
  const chat = useMemo(
    () => ({
      unreadByTrade: unreadByTrade(unread.data),
      renderChat: (trade: Trade, id: string) => (
        <ChatPanel
          id={id}
          thread={{ kind: 'trade', id: trade.id }}
          partner={trade.counterparty}
          currentUserId={currentUserId}
          subtitle="Trading partner"
          footer={<TradeChatFooter trade={trade} />}
        />
      ),
    }),
    [unread.data, currentUserId],
  );
  return (
    <TradeAddressSlotsContext.Provider value={ADDRESS_SLOTS}>
      <TradesPage chat={chat} />
    </TradeAddressSlotsContext.Provider>
  );
}
