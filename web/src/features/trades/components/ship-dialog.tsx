import { ShipTradeSchema, type Trade } from '@soleswap/contracts/trades';
import { Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TrackingNumberField } from '../../../components/shipping/tracking-number-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMarkTradeShipped, useShipToState } from '../api/ship-trade';
import { partyName } from '../format-trade';
import { toastFailure } from '../trade-toasts';

/**
 * 'Mark shipped' (on the label panel: 'Use my own carrier', issue #43) and its dialog: the parcel's tracking number (its carrier named as it is typed),
 * then 'Confirm shipment'. Until the other side has chosen where the parcel goes, the button is
 * disabled and says so (docs/rules/addresses.md#choosing-where-a-parcel-goes).
 */
export function ShipDialog({ trade, disabled, triggerLabel = 'Mark shipped' }: { trade: Trade; disabled?: boolean; triggerLabel?: string }) {
  const shipTo = useShipToState(trade.id);
  // A via-authentication parcel goes to the centre, whose address the trade card shows.
  const isMissingShipTo = !trade.viaAuthentication && shipTo.data?.counterparty === null && shipTo.data.hiddenReason === 'not_chosen';
  const explanationId = `ship-to-missing-${trade.id}`;
  const [isOpen, setIsOpen] = useState(false);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ship = useMarkTradeShipped({
    onSuccess: () => toast({ title: 'Marked as Shipped', description: `Your side is on its way to ${partyName(trade.counterparty)}` }),
    onError: (failure) => {
      const fieldError = failure instanceof ApiError ? failure.fields?.trackingNumber : undefined;
      if (fieldError) setError(fieldError);
      else toastFailure('Failed to mark as shipped', failure);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ShipTradeSchema.safeParse({ trackingNumber });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    ship.mutate({ tradeId: trade.id, input: parsed.data }, { onSuccess: () => setIsOpen(false) });
  }

  if (isMissingShipTo) {
    return (
      <div className="flex flex-col gap-1">
        <Button variant="secondary" disabled aria-describedby={explanationId}>
          <Truck aria-hidden="true" />
          {triggerLabel}
        </Button>
        <p id={explanationId} className="max-w-xs text-xs text-muted">
          You can ship once {partyName(trade.counterparty)} has chosen a ship-to address for this trade.
        </p>
      </div>
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title="Mark your side shipped"
      description={`Let ${partyName(trade.counterparty)} know your sneakers are on the way.`}
      trigger={
        <Button variant="secondary" disabled={disabled}>
          <Truck aria-hidden="true" />
          {triggerLabel}
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TrackingNumberField
          value={trackingNumber}
          error={error}
          onChange={(value) => {
            setTrackingNumber(value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={ship.isPending}>
          {ship.isPending ? 'Saving...' : 'Confirm shipment'}
        </Button>
      </form>
    </Dialog>
  );
}
