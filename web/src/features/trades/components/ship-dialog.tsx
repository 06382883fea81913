import { ShipTradeSchema, TRACKING_NUMBER_MAX, type Trade } from '@soleswap/contracts/trades';
import { Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useMarkTradeShipped } from '../api/ship-trade';
import { partyName } from '../format-trade';
import { toastFailure } from '../trade-toasts';

/** 'Mark shipped' and its dialog: an optional tracking number, then 'Confirm shipment'. */
export function ShipDialog({ trade, disabled }: { trade: Trade; disabled?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [trackingNumber, setTrackingNumber] = useState('');
  const ship = useMarkTradeShipped({
    onSuccess: () => toast({ title: 'Marked as Shipped', description: `Your side is on its way to ${partyName(trade.counterparty)}` }),
    onError: (error) => toastFailure('Failed to mark as shipped', error),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = ShipTradeSchema.parse({ trackingNumber: trackingNumber.trim() || undefined });
    ship.mutate({ tradeId: trade.id, input }, { onSuccess: () => setIsOpen(false) });
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
          Mark shipped
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Tracking number (optional)">
          <Input
            value={trackingNumber}
            maxLength={TRACKING_NUMBER_MAX}
            autoComplete="off"
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={ship.isPending}>
          {ship.isPending ? 'Saving...' : 'Confirm shipment'}
        </Button>
      </form>
    </Dialog>
  );
}
