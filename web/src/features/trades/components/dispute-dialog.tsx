import { DISPUTE_REASON_MAX, DisputeTradeSchema, type Trade } from '@soleswap/contracts/trades';
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useDisputeTrade } from '../api/dispute-trade';
import { toastFailure } from '../trade-toasts';
import { TradeMessageField } from './trade-message-field';

/**
 * 'Open dispute' and its dialog asking what went wrong. `open` and `onOpenChange` let another dialog
 * (confirming receipt) open it instead of its own button.
 */
export function DisputeDialog({
  trade,
  disabled,
  open,
  onOpenChange,
}: {
  trade: Trade;
  disabled?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setIsOpen = onOpenChange ?? setOwnOpen;
  const [reason, setReason] = useState('');
  const dispute = useDisputeTrade({
    onSuccess: () => toast({ title: 'Dispute Opened', description: 'An admin will review this trade and resolve it.' }),
    onError: (error) => toastFailure('Failed to open dispute', error),
  });
  const parsed = DisputeTradeSchema.safeParse({ reason });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    dispute.mutate({ tradeId: trade.id, input: parsed.data }, { onSuccess: () => setIsOpen(false) });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      title="Open a dispute"
      description="The trade stops until an admin completes or cancels it. Escrow stays locked meanwhile."
      trigger={
        <Button variant="outline" disabled={disabled}>
          <Flag aria-hidden="true" />
          Open dispute
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TradeMessageField label="What went wrong?" value={reason} onChange={setReason} max={DISPUTE_REASON_MAX} rows={4} />
        <Button type="submit" variant="destructive" disabled={!parsed.success || dispute.isPending}>
          {dispute.isPending ? 'Opening...' : 'Submit dispute'}
        </Button>
      </form>
    </Dialog>
  );
}
