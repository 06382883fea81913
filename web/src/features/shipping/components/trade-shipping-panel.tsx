import type { ReactNode } from 'react';
import { Tag } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { useShippingConfig } from '../api/shipping-config';
import { useTradeShipping } from '../api/trade-shipping';
import { ShippingLeg } from './shipping-leg';

export interface TradeShippingPanelProps {
  tradeId: number;
  partnerName: string;
  /** My side may still be sent (the trade is accepted and my parcel has not shipped). */
  canShip: boolean;
  /** While each receive window is open, when the receipt is confirmed automatically: of the parcel I send, of the one I get. */
  receiveBy: { outgoing: string | null; incoming: string | null };
  /** The typed-number form, offered as "Use my own carrier" where SHIPPING_MANUAL_NUMBERS is on. */
  ownCarrier?: ReactNode;
}

/**
 * "Shipping label" on a direct trade (issue #43): my label to buy and print, and both parcels as the
 * carrier reports them, mine first.
 */
export function TradeShippingPanel({ tradeId, partnerName, canShip, receiveBy, ownCarrier }: TradeShippingPanelProps) {
  const config = useShippingConfig();
  const shipping = useTradeShipping(tradeId);
  return (
    <section aria-label="Shipping label" className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Tag aria-hidden="true" className="size-4" />
        Shipping label
      </h3>
      {config.isPending || shipping.isPending ? (
        <Spinner label="Loading the shipping labels" className="self-center" />
      ) : config.isError || shipping.isError ? (
        <LoadError
          className="p-3"
          message={toUserMessage(config.error ?? shipping.error, 'The shipping labels could not be loaded.')}
          onRetry={() => Promise.all([config.isError ? config.refetch() : null, shipping.isError ? shipping.refetch() : null])}
        />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {[...shipping.data.legs]
            .sort((a, b) => Number(b.isMine) - Number(a.isMine))
            .map((leg) => (
              <ShippingLeg
                key={leg.side}
                tradeId={tradeId}
                leg={leg}
                config={config.data}
                canShip={canShip}
                ownCarrier={ownCarrier}
                parties={{ isIncoming: !leg.isMine, partnerName, receiveBy: leg.isMine ? receiveBy.outgoing : receiveBy.incoming }}
              />
            ))}
        </div>
      )}
    </section>
  );
}
