import { Tag } from 'lucide-react';
import { useShippingConfig } from '../api/shipping-config';
import { payerBeforeAccepting } from '../label-payer';

/** In the accept dialog: who pays for the shipping labels, said before the member accepts. Nothing while it loads. */
export function AcceptLabelPayerNote() {
  const config = useShippingConfig();
  if (config.isPending) return null;
  return (
    <p className="flex items-start gap-1.5 text-sm text-muted">
      <Tag aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{config.data ? payerBeforeAccepting(config.data.labelPayer) : 'Who pays for the shipping labels could not be loaded.'}</span>
    </p>
  );
}
