import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import { PACKING_SLIP_STATUSES, packingSlipPath, type Trade } from '@soleswap/contracts/trades';
import { CircleCheck, Clock, PackageCheck, Printer, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { TrackingLink } from '../../../components/shipping/tracking-link';
import { buttonClasses } from '../../../components/ui/button-classes';
import { cn } from '../../../lib/cn';
import { formatRelativeTime, partyName } from '../format-trade';
import { tradePerspective } from '../trade-perspective';

/** 'Just now' reads 'just now' in the middle of a sentence. */
const when = (iso: string) => formatRelativeTime(iso).replace(/^Just now$/, 'just now');

interface ParcelProps {
  title: string;
  shippedAt: string | null;
  trackingNumber: string | null;
  tracking: Tracking | null;
  receivedAt: string | null;
  receiverName: string;
  /** Via the authentication centre: the parcel goes to the centre, which confirms its arrival (the journey panel says the rest). */
  isViaCentre: boolean;
}

function Step({ isDone, icon, children }: { isDone: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <li className={cn('flex items-center gap-1.5 text-sm', isDone ? 'text-success' : 'text-muted')}>
      <span aria-hidden="true" className="[&_svg]:size-4">
        {isDone ? <CircleCheck /> : icon}
      </span>
      {children}
    </li>
  );
}

/** One parcel's journey: shipped (with tracking) and received. */
function Parcel({ title, shippedAt, trackingNumber, tracking, receivedAt, receiverName, isViaCentre }: ParcelProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <h4 className="text-xs font-bold tracking-wide text-muted uppercase">{title}</h4>
      <ol className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
        <Step isDone={shippedAt !== null} icon={<Truck />}>
          {shippedAt ? (
            <span>
              {isViaCentre ? 'Shipped to the authentication centre' : 'Shipped'} {when(shippedAt)}
              {trackingNumber ? (
                <>
                  {' '}
                  · <TrackingLink tracking={tracking} trackingNumber={trackingNumber} />
                </>
              ) : null}
            </span>
          ) : (
            'Not shipped yet'
          )}
        </Step>
        {isViaCentre ? null : (
          <Step isDone={receivedAt !== null} icon={<PackageCheck />}>
            {receivedAt ? `Received by ${receiverName} ${when(receivedAt)}` : `Not received by ${receiverName} yet`}
          </Step>
        )}
      </ol>
    </div>
  );
}

/** Shipping and receiving on both sides once the trade is accepted (see docs/rules/trades.md#actions-and-who-may-take-them). */
export function TradeProgress({ trade }: { trade: Trade }) {
  const { me, them } = tradePerspective(trade);
  const name = partyName(trade.counterparty);
  const isShipDeadlineOpen = trade.status === 'accepted' && trade.shipBy && (!me.shippedAt || !them.shippedAt);
  return (
    <section aria-label="Shipping progress" className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <Parcel
        title="Your sneakers"
        shippedAt={me.shippedAt}
        trackingNumber={me.trackingNumber}
        tracking={me.tracking}
        receivedAt={them.receivedAt}
        receiverName={name}
        isViaCentre={trade.viaAuthentication}
      />
      <Parcel
        title={`${name}'s sneakers`}
        shippedAt={them.shippedAt}
        trackingNumber={them.trackingNumber}
        tracking={them.tracking}
        receivedAt={me.receivedAt}
        receiverName="you"
        isViaCentre={trade.viaAuthentication}
      />
      {PACKING_SLIP_STATUSES.includes(trade.status) ? (
        // A plain link: the browser opens the PDF (to print it) with the session cookie.
        <a
          href={packingSlipPath(trade.id)}
          target="_blank"
          rel="noopener"
          className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'self-start')}
          aria-label={`Packing slip for trade #${trade.id} (PDF, opens in a new tab)`}
        >
          <Printer aria-hidden="true" />
          Packing slip
        </a>
      ) : null}
      {trade.status === 'accepted' && them.shippedAt && !me.receivedAt && me.receiveBy ? (
        <p className="flex items-start gap-1.5 text-xs text-muted">
          <Clock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Confirm you received {name}&apos;s sneakers, or open a dispute, by{' '}
            <time dateTime={me.receiveBy}>{new Date(me.receiveBy).toLocaleString()}</time>: after that they are marked received automatically.
          </span>
        </p>
      ) : null}
      {isShipDeadlineOpen && trade.shipBy ? (
        <p className="flex items-start gap-1.5 text-xs text-muted">
          <Clock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Both sides must ship by <time dateTime={trade.shipBy}>{new Date(trade.shipBy).toLocaleString()}</time>, or the trade is cancelled and
            refunded.
          </span>
        </p>
      ) : null}
    </section>
  );
}
