import type { CarrierStatus } from '@soleswap/contracts/shipping';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAdvanceSandboxParcel } from '../api/advance-sandbox-parcel';

/** The statuses the sandbox carrier can report, in the order a parcel meets them. */
const MOVES: Array<{ status: CarrierStatus; label: string }> = [
  { status: 'in_transit', label: 'In transit' },
  { status: 'out_for_delivery', label: 'Out for delivery' },
  { status: 'delivered', label: 'Delivered' },
  { status: 'return_to_sender', label: 'Returned to sender' },
  { status: 'failure', label: 'Failure' },
];

/**
 * The sandbox's development control (SHIPPING_PROVIDER=sandbox with the control on): moves this
 * parcel through the carrier's statuses as a real carrier's scans would, so the whole flow runs on
 * a fresh clone. Said to be a test control wherever it shows.
 */
export function SandboxCarrierControl({ trackingNumber }: { trackingNumber: string }) {
  const titleId = useId();
  const advance = useAdvanceSandboxParcel({
    onError: (error) => toast({ title: 'The sandbox carrier refused', description: toUserMessage(error, 'Try again.'), variant: 'destructive' }),
  });
  return (
    <div role="group" aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg border border-dashed border-warning/60 p-2.5">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span id={titleId} className="inline-flex items-center gap-1 font-semibold">
          <FlaskConical aria-hidden="true" className="size-3.5" />
          Sandbox carrier
        </span>
        <Badge variant="warning">Test control</Badge>
        <span className="text-muted">Moves this parcel as the carrier would. No real parcel or carrier.</span>
      </p>
      <div className="flex flex-wrap gap-1.5">
        {MOVES.map((move) => (
          <Button
            key={move.status}
            size="sm"
            variant="outline"
            disabled={advance.isPending}
            aria-busy={advance.isPending && advance.variables.status === move.status}
            onClick={() => advance.mutate({ trackingNumber, status: move.status })}
          >
            {move.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
