import { MapPinOff } from 'lucide-react';

/** Shown to both sides when the carrier's destination postal code is not the ship-to's. */
export function DestinationMismatchWarning() {
  return (
    <p role="note" className="flex items-start gap-1.5 rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm text-warning">
      <MapPinOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>Check the address: the carrier is delivering this parcel to a different postal code than the ship-to address of this trade.</span>
    </p>
  );
}
