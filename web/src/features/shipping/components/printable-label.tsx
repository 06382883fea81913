import { CARRIER_NAMES } from '@soleswap/contracts/carriers';
import type { ShippingLabel } from '@soleswap/contracts/shipping';
import { Printer } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button-classes';
import { cn } from '../../../lib/cn';
import { labelPrice } from '../label-payer';

/**
 * My bought label: the one PDF (label and packing slip) to print, the tracking number it carries
 * (nothing to type) and who paid.
 */
export function PrintableLabel({ label }: { label: ShippingLabel }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="text-muted">Tracking number</span>{' '}
        <span className="whitespace-nowrap">
          {CARRIER_NAMES[label.carrier]} {label.service ? `${label.service} ` : ''}
          <span className="font-mono break-all" data-testid="label-tracking-number">
            {label.trackingNumber}
          </span>
        </span>
      </p>
      <p className="text-xs text-muted">
        {label.payer === 'platform' ? 'Paid by the platform.' : `Paid from your wallet: ${labelPrice(label.rateCents)}.`}
      </p>
      {/* A plain link: the browser opens the PDF (to print it) with the session cookie. */}
      <a
        href={label.labelUrl}
        target="_blank"
        rel="noopener"
        className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'self-start')}
        aria-label="Print label and packing slip (PDF, opens in a new tab)"
      >
        <Printer aria-hidden="true" />
        Print label and packing slip
      </a>
    </div>
  );
}
