import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import { ExternalLink } from 'lucide-react';

/**
 * A parcel's carrier and number, linking to the carrier's tracking page (a new tab). An older
 * shipment recorded before numbers were checked has a number but no carrier: it shows as text.
 */
export function TrackingLink({ tracking, trackingNumber }: { tracking: Tracking | null; trackingNumber?: string | null }) {
  if (!tracking) return trackingNumber ? <span className="font-mono text-foreground">{trackingNumber}</span> : null;
  return (
    <a
      href={tracking.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-accent underline-offset-2 hover:underline"
      aria-label={`Track the parcel on ${tracking.carrierName}: ${tracking.trackingNumber} (opens in a new tab)`}
    >
      {tracking.carrierName} <span className="font-mono">{tracking.trackingNumber}</span>
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}
