import type { Trade } from '@soleswap/contracts/trades';
import { useMemo } from 'react';
import { unreadByTrade, useChatUnread } from '../../features/chat/api/get-unread';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { useCurrentUser } from '../../lib/current-user';
import { TradeChatFooter } from '../../features/trades/components/trade-chat-panel';
import { TradesPage } from '../../features/trades/components/trades-page';
import { TradeAddressSlotsContext } from '../../features/trades/trade-address-slots';
import { TradeShippingSlotContext } from '../../features/trades/trade-shipping-slot';
import { ADDRESS_SLOTS } from './address-slots';
import { SHIPPING_SLOT } from './shipping-slot';

/** /trades: the trades feature's page with the chat feature's panel, the addresses feature's ship-to and the shipping feature's labels in each card. */
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
      <TradeShippingSlotContext.Provider value={SHIPPING_SLOT}>
        <TradesPage chat={chat} />
      </TradeShippingSlotContext.Provider>
    </TradeAddressSlotsContext.Provider>
  );
}
