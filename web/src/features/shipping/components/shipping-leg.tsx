import type { ShippingConfig, TradeShipping } from '@soleswap/contracts/shipping';
import { CARRIER_NAMES } from '@soleswap/contracts/carriers';
import type { ReactNode } from 'react';
import { BuyLabelForm } from './buy-label-form';
import { CarrierEventsList } from './carrier-events-list';
import { DestinationMismatchWarning } from './destination-mismatch-warning';
import { LegStatusLine, type LegParties } from './leg-status-line';
import { PrintableLabel } from './printable-label';
import { SandboxCarrierControl } from './sandbox-carrier-control';

export interface ShippingLegProps {
  tradeId: number;
  leg: TradeShipping['legs'][number];
  config: ShippingConfig;
  parties: LegParties;
  /** My side may still be sent: a label may be bought (or my own carrier's number given). */
  canShip: boolean;
  /** The typed-number form ("Use my own carrier"), offered beside "Buy label" where SHIPPING_MANUAL_NUMBERS is on. */
  ownCarrier?: ReactNode;
}

/** What I do before my parcel has a label: buy one, wait for the ship-to, or use my own carrier. */
function MyLabelToBuy({ tradeId, leg, config, parties, canShip, ownCarrier }: ShippingLegProps) {
  if (!canShip) return <p className="text-sm text-muted">No label was bought for this parcel.</p>;
  const own = config.manualNumbers && ownCarrier ? <div className="border-t border-border pt-3">{ownCarrier}</div> : null;
  if (!leg.canBuyLabel) {
    return (
      <>
        <p className="text-sm text-muted">You can buy a label once {parties.partnerName} has chosen a ship-to address for this trade.</p>
        {own}
      </>
    );
  }
  return (
    <>
      <BuyLabelForm tradeId={tradeId} config={config} />
      {own}
    </>
  );
}

/** One parcel of the trade: its label (mine to buy and print), where the carrier says it is, and the sandbox's control. */
export function ShippingLeg(props: ShippingLegProps) {
  const { leg, config, parties } = props;
  const title = leg.isMine ? 'Your parcel' : `${parties.partnerName}’s parcel`;
  const { label } = leg;
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-3 rounded-lg bg-surface-raised/60 p-3">
      <h4 className="text-xs font-bold tracking-wide text-muted uppercase">{title}</h4>
      {label === null ? (
        leg.isMine ? (
          <MyLabelToBuy {...props} />
        ) : (
          <p className="text-sm text-muted">{parties.partnerName} has not bought a label yet.</p>
        )
      ) : (
        <>
          {leg.isMine ? (
            <PrintableLabel label={label} />
          ) : (
            <p className="text-sm">
              <span className="text-muted">Tracking number</span> {CARRIER_NAMES[label.carrier]}{' '}
              <span className="font-mono break-all">{label.trackingNumber}</span>
            </p>
          )}
          <LegStatusLine label={label} parties={parties} />
          {label.destinationMismatch ? <DestinationMismatchWarning /> : null}
          <CarrierEventsList events={label.events} label={`Carrier timeline of ${leg.isMine ? 'your parcel' : `${parties.partnerName}’s parcel`}`} />
          {config.developmentControl ? <SandboxCarrierControl trackingNumber={label.trackingNumber} /> : null}
        </>
      )}
    </section>
  );
}
