import type { Trade } from '@soleswap/contracts/trades';
import { Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useCancelTrade } from '../api/cancel-trade';
import { useMarkTradeReceived } from '../api/receive-trade';
import { useRejectTrade } from '../api/reject-trade';
import { useResolveDispute } from '../api/resolve-trade';
import { partyName } from '../format-trade';
import { shipsThroughLabelPanel, useTradeShippingSlot } from '../trade-shipping-slot';
import { toastFailure } from '../trade-toasts';
import { AcceptDialog } from './accept-dialog';
import { CounterDialog } from './counter-dialog';
import { DisputeDialog } from './dispute-dialog';
import { ReceiveDialog } from './receive-dialog';
import { ShipDialog } from './ship-dialog';

/**
 * Exactly the actions the server allows this caller now (`allowedActions`), as buttons.
 * 'rate' lives in the rating prompt; 'accept' opens a dialog listing what the caller receives.
 * Buttons are disabled while one of them is running.
 */
export function TradeActions({ trade }: { trade: Trade }) {
  const allowed = new Set(trade.allowedActions);
  const name = partyName(trade.counterparty);
  const tradeId = trade.id;
  const [disputeOpen, setDisputeOpen] = useState(false);
  // A direct trade ships from its label panel (issue #43), which offers the typed number itself.
  const isShippedFromPanel = shipsThroughLabelPanel(trade, useTradeShippingSlot());

  const reject = useRejectTrade({
    onSuccess: () => toast({ title: 'Trade Rejected', description: 'The trade proposal has been rejected' }),
    onError: (error) => toastFailure('Failed to reject trade', error),
  });
  const cancel = useCancelTrade({
    onSuccess: (updated) => {
      if (trade.status === 'pending') {
        toast({ title: 'Trade Withdrawn', description: 'Your trade proposal has been withdrawn' });
      } else if (updated.status === 'cancelled') {
        toast({ title: 'Trade Cancelled', description: 'Both sides agreed to cancel. Escrow has been refunded.' });
      } else {
        toast({ title: 'Cancellation Requested', description: `The trade is cancelled once ${name} agrees too.` });
      }
    },
    onError: (error) => toastFailure('Failed to cancel trade', error),
  });
  const receive = useMarkTradeReceived({
    onSuccess: (updated) =>
      updated.status === 'completed'
        ? toast({ title: 'Trade Completed', description: 'Both sides have their sneakers. Ownership has moved and you can now rate.' })
        : toast({ title: 'Marked as Received', description: `The trade completes once ${name} confirms receipt too.` }),
    onError: (error) => toastFailure('Failed to mark as received', error),
  });
  const resolve = useResolveDispute({
    onSuccess: (updated) =>
      toast({
        title: 'Dispute Resolved',
        description: updated.status === 'completed' ? 'The trade has been completed.' : 'The trade has been cancelled and escrow refunded.',
      }),
    onError: (error) => toastFailure('Failed to resolve dispute', error),
  });

  const isBusy = reject.isPending || cancel.isPending || receive.isPending || resolve.isPending;
  const hasButtons = trade.allowedActions.some((action) => action !== 'rate' && !(action === 'ship' && isShippedFromPanel));
  if (!hasButtons) return null;

  return (
    <div role="group" aria-label="Trade actions" className="flex flex-wrap gap-2">
      {allowed.has('accept') ? <AcceptDialog trade={trade} disabled={isBusy} /> : null}
      {allowed.has('reject') ? (
        <Button variant="outline" disabled={isBusy} aria-busy={reject.isPending} onClick={() => reject.mutate({ tradeId })}>
          <X aria-hidden="true" />
          Decline
        </Button>
      ) : null}
      {allowed.has('counter') ? <CounterDialog trade={trade} disabled={isBusy} /> : null}
      {allowed.has('ship') && !isShippedFromPanel ? <ShipDialog trade={trade} disabled={isBusy} /> : null}
      {allowed.has('receive') ? (
        <ReceiveDialog
          trade={trade}
          disabled={isBusy}
          isPending={receive.isPending}
          onConfirm={(done) => receive.mutate({ tradeId }, { onSuccess: done })}
          onDispute={allowed.has('dispute') ? () => setDisputeOpen(true) : undefined}
        />
      ) : null}
      {allowed.has('cancel') ? (
        <Button variant="ghost" disabled={isBusy} aria-busy={cancel.isPending} onClick={() => cancel.mutate({ tradeId })}>
          <Undo2 aria-hidden="true" />
          {trade.status === 'pending' ? 'Withdraw' : 'Request cancel'}
        </Button>
      ) : null}
      {allowed.has('dispute') ? <DisputeDialog trade={trade} disabled={isBusy} open={disputeOpen} onOpenChange={setDisputeOpen} /> : null}
      {allowed.has('resolve') ? (
        <>
          <Button disabled={isBusy} aria-busy={resolve.isPending} onClick={() => resolve.mutate({ tradeId, input: { outcome: 'completed' } })}>
            Resolve: complete
          </Button>
          <Button
            variant="destructive"
            disabled={isBusy}
            aria-busy={resolve.isPending}
            onClick={() => resolve.mutate({ tradeId, input: { outcome: 'cancelled' } })}
          >
            Resolve: cancel
          </Button>
        </>
      ) : null}
    </div>
  );
}
