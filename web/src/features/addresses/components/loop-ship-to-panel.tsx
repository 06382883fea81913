import type { ShipToAddress, ShipToHiddenReason } from '@soleswap/contracts/addresses';
import type { Loop } from '@soleswap/contracts/loops';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChooseLoopShipTo, useLoopLegShipTo } from '../api/loop-ship-to';
import { addressLines } from '@soleswap/contracts/address-lines';
import { ShipToPicker } from './ship-to-picker';

const HIDDEN: Record<ShipToHiddenReason, string> = {
  before_acceptance: 'Their address is shown once every member has accepted the loop.',
  trade_not_accepted: 'This loop never became binding, so no address is shared.',
  window_closed: 'Their address is no longer shown: the loop ended more than 30 days ago.',
  not_chosen: 'They have not chosen where to receive their pair yet.',
  via_authentication: 'This pair goes through the authentication centre.',
};

function AddressBlock({ address }: { address: ShipToAddress }) {
  return (
    <address className="text-sm not-italic break-words">
      {addressLines(address).map((line, i) => (
        <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
          {line}
        </span>
      ))}
    </address>
  );
}

/** One leg's address as the caller may see it, or why not. */
function LegAddress({ loopId, position, title }: { loopId: number; position: number; title: string }) {
  const leg = useLoopLegShipTo(loopId, position);
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      {leg.isPending ? (
        <Spinner label="Loading the address" />
      ) : leg.isError ? (
        <p className="text-sm text-destructive">{toUserMessage(leg.error, 'The address could not be loaded')}</p>
      ) : leg.data.shipTo ? (
        <AddressBlock address={leg.data.shipTo} />
      ) : (
        <p className="text-sm text-muted">
          {leg.data.yourRole === 'receiver' ? 'You have not chosen one yet: accept the loop with it.' : HIDDEN[leg.data.hiddenReason ?? 'not_chosen']}
        </p>
      )}
    </div>
  );
}

/**
 * A loop's shipping addresses for one member: where to send my pair (the next member's ship-to,
 * once the loop binds), and where the pair for me arrives, which I can change until it ships.
 */
export function LoopShipToPanel({ loop }: { loop: Loop }) {
  const choose = useChooseLoopShipTo(loop.id);
  const [isChoosing, setIsChoosing] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const canChange = (loop.status === 'proposed' || loop.status === 'active') && loop.myReceive.toShipToChosen && !loop.myReceive.shippedAt;

  function onSave() {
    if (picked === null) return;
    choose.mutate(picked, {
      onSuccess: () => {
        setIsChoosing(false);
        toast({ title: 'Shipping address saved' });
      },
      onError: (error) => toast({ title: toUserMessage(error, 'The address could not be saved'), variant: 'destructive' }),
    });
  }

  return (
    <section aria-label="Shipping addresses" className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <MapPin aria-hidden="true" className="size-4" />
        Shipping addresses
      </h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <LegAddress loopId={loop.id} position={loop.myGive.position} title="Send your pair to" />
        <LegAddress loopId={loop.id} position={loop.myReceive.position} title="Your pair arrives at" />
      </div>
      {canChange && !isChoosing ? (
        <Button size="sm" variant="outline" className="self-start" onClick={() => setIsChoosing(true)}>
          Change my address
        </Button>
      ) : null}
      {isChoosing ? (
        <div className="flex flex-col gap-2">
          <ShipToPicker value={picked} onChange={setPicked} />
          <div className="flex gap-2">
            <Button size="sm" disabled={picked === null || choose.isPending} onClick={onSave}>
              Save address
            </Button>
            <Button size="sm" variant="outline" onClick={() => setIsChoosing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
