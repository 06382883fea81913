import type { ComponentProps } from 'react';
import { CreateTradePage } from '../../features/trades/components/create-trade-page';
import { TradeAddressSlotsContext } from '../../features/trades/trade-address-slots';
import { ADDRESS_SLOTS } from './address-slots';

/** /trades/create: the proposal form with the addresses feature's picker (an offer via the centre asks for the proposer's ship-to). */
export function CreateTradeRoute(props: ComponentProps<typeof CreateTradePage>) {
  return (
    <TradeAddressSlotsContext.Provider value={ADDRESS_SLOTS}>
      <CreateTradePage {...props} />
    </TradeAddressSlotsContext.Provider>
  );
}
