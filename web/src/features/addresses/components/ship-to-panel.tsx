import type { ShipToAddress, ShipToHiddenReason } from '@soleswap/contracts/addresses';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChooseShipTo, useTradeShipTo } from '../api/addresses';
import { addressLines } from '@soleswap/contracts/address-lines';
import { ShipToPicker } from './ship-to-picker';

const HIDDEN: Record<ShipToHiddenReason, string> = {
  before_acceptance: 'Their address is shown once the trade is accepted.',
  trade_not_accepted: 'This trade was never accepted, so no address is shared.',
  window_closed: 'Their address is no longer shown: the trade ended more than 30 days ago.',
  not_chosen: 'They have not chosen where to receive their pairs yet.',
  via_authentication: 'This trade goes through the authentication centre: send your pairs to the centre, which forwards them.',
};

function AddressBlock({ title, address }: { title: string; address: ShipToAddress }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      <address className="text-sm not-italic break-words">
        {addressLines(address).map((line, i) => (
          <span key={i} className={i === 0 ? 'block font-semibold' : 'block'}>
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/**
 * On a trade: where to send my pairs (the other side's ship-to), and where mine should arrive,
 * which I can choose or change while the server says so (`canChange`: until they have shipped; via
 * the authentication centre, while a pair is still to come to me from the centre).
 */
export function ShipToPanel({ tradeId }: { tradeId: number }) {
  const shipTo = useTradeShipTo(tradeId);
  const choose = useChooseShipTo(tradeId);
  const [isChoosing, setIsChoosing] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);

  if (shipTo.isPending) return <Spinner label="Loading the shipping addresses" />;
  if (shipTo.isError)
    return (
      <LoadError
        className="p-3"
        message={toUserMessage(shipTo.error, 'The shipping addresses could not be loaded')}
        onRetry={() => shipTo.refetch()}
      />
    );
  const { mine, counterparty, receiver, hiddenReason, yourSide, canChange, viaAuthentication } = shipTo.data;

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
      <h3 className="flex items-center gap-2 font-semibold text-sm">
        <MapPin aria-hidden="true" className="size-4" />
        Shipping addresses
      </h3>
      {yourSide === null ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {counterparty ? (
            <AddressBlock title="Proposer ships to" address={counterparty} />
          ) : (
            <p className="text-sm text-muted">The proposer chose no address.</p>
          )}
          {receiver ? (
            <AddressBlock title="Receiver ships to" address={receiver} />
          ) : (
            <p className="text-sm text-muted">The receiver chose no address.</p>
          )}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {counterparty ? (
            <AddressBlock title="Send your pairs to" address={counterparty} />
          ) : (
            <p className="text-sm text-muted">{hiddenReason ? HIDDEN[hiddenReason] : null}</p>
          )}
          <div className="flex flex-col gap-2">
            {mine ? (
              <AddressBlock title={viaAuthentication ? 'The centre sends your pairs to' : 'Your pairs arrive at'} address={mine} />
            ) : (
              <p className="text-sm text-warning">
                {viaAuthentication
                  ? 'Choose where the authentication centre sends the pairs you receive: the trade is accepted, and the centre sends anything on, only once both of you have.'
                  : 'Choose where the other side should send your pairs.'}
              </p>
            )}
            {viaAuthentication ? (
              <p className="text-xs text-muted">Only the centre sees it, when it sends you a pair; the other member never does.</p>
            ) : null}
            {canChange && !isChoosing ? (
              <Button variant="outline" size="sm" className="self-start" onClick={() => setIsChoosing(true)}>
                {mine ? 'Change address' : 'Choose address'}
              </Button>
            ) : null}
            {canChange && isChoosing ? (
              <div className="flex flex-col gap-2">
                <ShipToPicker value={picked} onChange={setPicked} viaCentre={viaAuthentication} />
                <div className="flex gap-2">
                  <Button size="sm" disabled={picked === null || choose.isPending} onClick={onSave}>
                    {choose.isPending ? 'Saving…' : 'Save'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setIsChoosing(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
