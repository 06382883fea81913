import { addressLines } from '@soleswap/contracts/address-lines';
import { ShipReturnSchema, type Trade, type TradeReturn } from '@soleswap/contracts/trades';
import { Check, Printer, Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Dialog } from '../../../components/ui/dialog';
import { TrackingLink } from '../../../components/shipping/tracking-link';
import { TrackingNumberField } from '../../../components/shipping/tracking-number-field';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { formatUtcDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { returnSlipUrl, useChooseReturnShipTo, useReceiveReturn, useReturnShipTo, useShipReturn, useTradeRuling } from '../api/trade-returns';
import { partyName } from '../format-trade';
import { useTradeAddressSlots } from '../trade-address-slots';

const OUTCOME_WORDS = { cancelled: 'Cancelled and refunded: each pair goes back to its owner', completed: 'Completed: the swap stands' } as const;

/**
 * The admin's ruling on a disputed trade (docs/rules/trades.md#returns-after-a-refund): its outcome and
 * note, which both members read, and after a refund where parcels moved, each pair going back: the
 * member holding it gets the address, a slip, the deadline and a ship form; its owner confirms it
 * arrived. Shown once an admin ruled.
 */
export function TradeRulingSection({ trade }: { trade: Trade }) {
  const isRuled = trade.disputedAt !== null && (trade.status === 'cancelled' || trade.status === 'completed');
  const ruling = useTradeRuling(trade.id, { enabled: isRuled });
  if (!isRuled || !ruling.data?.outcome) return null;
  const { outcome, note, ruledAt, returns } = ruling.data;
  return (
    <section aria-label="The admin's ruling" className="flex flex-col gap-3 rounded-xl border border-border p-3 text-sm">
      <h4 className="text-xs font-bold tracking-wide text-muted uppercase">The admin’s ruling</h4>
      <p>{OUTCOME_WORDS[outcome]}.</p>
      {note ? (
        <blockquote className="rounded-lg border-l-4 border-accent bg-surface-raised px-3 py-2 break-words whitespace-pre-line">
          <span className="block text-xs text-muted">Admin’s note{ruledAt ? `, ${formatUtcDate(new Date(ruledAt))}` : ''}</span>
          {note}
        </blockquote>
      ) : null}
      {returns.map((ret) =>
        ret.myRole === 'sender' ? (
          <ReturnThePair key={ret.id} trade={trade} ret={ret} />
        ) : ret.myRole === 'owner' ? (
          <YourPairComesBack key={ret.id} trade={trade} ret={ret} />
        ) : null,
      )}
    </section>
  );
}

function Deadline({ ret }: { ret: TradeReturn }) {
  if (ret.status !== 'awaiting_return') return null;
  return (
    <p>
      To be shipped back by <strong>{formatUtcDate(new Date(ret.returnBy))}</strong>.{' '}
      {ret.isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
    </p>
  );
}

function Shipped({ ret }: { ret: TradeReturn }) {
  if (ret.status === 'awaiting_return') return null;
  return (
    <p>
      {ret.status === 'returned' ? 'Back with its owner' : 'Shipped back'}
      {ret.tracking ? (
        <>
          {' '}
          with <TrackingLink tracking={ret.tracking} />
        </>
      ) : null}
      .
    </p>
  );
}

/** "Return the pair": for the member holding the other's pair. */
function ReturnThePair({ trade, ret }: { trade: Trade; ret: TradeReturn }) {
  const name = partyName(trade.counterparty);
  const shipTo = useReturnShipTo(ret.id);
  const address = shipTo.data?.shipTo ?? null;
  return (
    <div aria-label="Return the pair" role="group" className="flex flex-col gap-2 rounded-lg bg-surface-raised/60 p-3">
      <h5 className="font-semibold">Return the pair</h5>
      <p>Send {name}’s pair back to them, at the address they chose for this trade.</p>
      <Deadline ret={ret} />
      {address ? (
        <address aria-label="Where to send it" className="not-italic">
          {addressLines(address).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ) : shipTo.data ? (
        <p className="text-muted">{name} has not chosen where their pair comes back yet: you can send it once they have.</p>
      ) : null}
      <Shipped ret={ret} />
      {ret.allowedActions.includes('ship') ? (
        <>
          <a
            href={returnSlipUrl(ret.id)}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}
          >
            <Printer aria-hidden="true" />
            Return packing slip
          </a>
          {address ? <ShipReturnForm ret={ret} name={name} /> : null}
        </>
      ) : null}
    </div>
  );
}

function ShipReturnForm({ ret, name }: { ret: TradeReturn; name: string }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ship = useShipReturn(ret.id);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ShipReturnSchema.safeParse({ trackingNumber });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    ship.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Shipped back', description: `On its way back to ${name}` }),
      onError: (failure) =>
        setError((failure instanceof ApiError && failure.fields?.trackingNumber) || toUserMessage(failure, 'The return could not be marked shipped')),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Ship the pair back" className="flex flex-col gap-2">
      <TrackingNumberField
        value={trackingNumber}
        error={error}
        onChange={(value) => {
          setTrackingNumber(value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" disabled={ship.isPending} className="self-start">
        <Truck aria-hidden="true" />
        {ship.isPending ? 'Saving…' : 'Ship it back'}
      </Button>
    </form>
  );
}

/** The owner's side: who sends their pair back by when, where it comes back, and "Mark return received". */
function YourPairComesBack({ trade, ret }: { trade: Trade; ret: TradeReturn }) {
  const name = partyName(trade.counterparty);
  return (
    <div aria-label="Your pair comes back" role="group" className="flex flex-col gap-2 rounded-lg bg-surface-raised/60 p-3">
      <h5 className="font-semibold">Your pair comes back</h5>
      <p>{name} sends your pair back to the address you chose for this trade.</p>
      <Deadline ret={ret} />
      {!ret.hasShipTo && ret.status === 'awaiting_return' ? <ChooseReturnAddress ret={ret} /> : null}
      <Shipped ret={ret} />
      {ret.allowedActions.includes('receive') ? <ReceiveReturnDialog ret={ret} name={name} /> : null}
    </div>
  );
}

function ChooseReturnAddress({ ret }: { ret: TradeReturn }) {
  const slots = useTradeAddressSlots();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const choose = useChooseReturnShipTo(ret.id);
  return (
    <div className="flex flex-col gap-2">
      <p>You have not chosen where your pair should arrive: choose it so it can be sent back.</p>
      {slots?.renderShipToPicker({ value: addressId, onChange: setAddressId })}
      {error ? <p className="text-destructive">{error}</p> : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={addressId === null || choose.isPending}
        onClick={() =>
          addressId !== null &&
          choose.mutate({ addressId }, { onError: (failure) => setError(toUserMessage(failure, 'The address could not be saved')) })
        }
      >
        Send it here
      </Button>
    </div>
  );
}

function ReceiveReturnDialog({ ret, name }: { ret: TradeReturn; name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const receive = useReceiveReturn(ret.id);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title="Confirm your pair is back"
      description={`Only confirm once ${name}'s parcel is in your hands. This ends the return and cannot be undone.`}
      trigger={
        <Button variant="secondary" className="self-start">
          <Check aria-hidden="true" />
          Mark return received
        </Button>
      }
    >
      <Button
        disabled={receive.isPending}
        aria-busy={receive.isPending}
        onClick={() =>
          receive.mutate(undefined, {
            onSuccess: () => {
              setIsOpen(false);
              toast({ title: 'Your pair is back' });
            },
            onError: (failure) => toast({ title: 'Could not confirm', description: toUserMessage(failure, 'Please try again') }),
          })
        }
      >
        {receive.isPending ? 'Confirming…' : 'Confirm my pair is back'}
      </Button>
    </Dialog>
  );
}
