import type { ShippingLabel } from '@soleswap/contracts/shipping';
import { AlertTriangle, CircleCheck, Clock, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface LegParties {
  /** The leg comes to me: I am the one who confirms its receipt. */
  isIncoming: boolean;
  /** The other member's display name. */
  partnerName: string;
  /** While the receive window is open: when the receipt is confirmed automatically. */
  receiveBy: string | null;
}

const at = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

function Line({ tone, icon, children }: { tone: 'muted' | 'success' | 'destructive'; icon: ReactNode; children: ReactNode }) {
  return (
    <p
      className={cn(
        'flex items-start gap-1.5 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'success' && 'text-success',
        tone === 'destructive' && 'rounded-lg border border-destructive/40 bg-destructive/10 p-2 text-destructive',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      <span>{children}</span>
    </p>
  );
}

/**
 * Where the leg stands in the carrier's words: not shipped until the first scan; delivered with the
 * receive window (confirm by, else received automatically); returned or failed said plainly.
 */
export function LegStatusLine({ label, parties }: { label: ShippingLabel; parties: LegParties }) {
  const { isIncoming, partnerName, receiveBy } = parties;
  switch (label.status) {
    case 'return_to_sender':
      return (
        <Line tone="destructive" icon={<AlertTriangle />}>
          Returned to sender: the carrier is sending this parcel back to {isIncoming ? partnerName : 'you'}. It will not be delivered.
        </Line>
      );
    case 'failure':
      return (
        <Line tone="destructive" icon={<AlertTriangle />}>
          Delivery failed: the carrier could not deliver this parcel.
        </Line>
      );
    case 'delivered':
      return (
        <Line tone="success" icon={<CircleCheck />}>
          Delivered{label.deliveredAt ? <> {at(label.deliveredAt)}</> : null}
          {receiveBy ? (
            <>
              {' '}
              — {isIncoming ? 'confirm receipt' : `${partnerName} confirms receipt`} by {at(receiveBy)}, after that it is received automatically.
            </>
          ) : (
            '.'
          )}
        </Line>
      );
    case 'pre_transit':
    case 'unknown':
    case 'in_transit':
    case 'out_for_delivery':
      return label.firstScanAt ? (
        <Line tone="muted" icon={<Truck />}>
          Shipped {at(label.firstScanAt)} (the carrier’s first scan).
        </Line>
      ) : (
        <Line tone="muted" icon={<Clock />}>
          Label created: not shipped until the carrier scans the parcel.
        </Line>
      );
  }
}
