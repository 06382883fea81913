import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toUserMessage } from '../../../lib/api-client';
import { currentUserKey, paymentKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { cancelMembership, refundMembership, useMembership } from '../api/payments-api';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function ConfirmButton(props: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={<Button variant="outline">{props.label}</Button>}
      title={props.title}
      description={props.description}
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={() => setIsOpen(false)}>
          Keep membership
        </Button>
        <Button
          variant="destructive"
          disabled={props.isPending}
          onClick={() => {
            props.onConfirm();
            setIsOpen(false);
          }}
        >
          {props.isPending ? 'Processing...' : props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The premium member's period, with cancel ("cancel anytime") and the 30-day refund. */
export function MembershipManage() {
  const queryClient = useQueryClient();
  const membership = useMembership(true);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.membership });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
  const cancel = useMutation({
    mutationFn: cancelMembership,
    onSuccess: (data) => {
      toast({ title: 'Membership cancelled', description: data.periodEnd ? `You stay premium until ${dateOf(data.periodEnd)}.` : undefined });
      refresh();
    },
    onError: (error) => toast({ title: 'Error', description: toUserMessage(error, 'Failed to cancel your membership'), variant: 'destructive' }),
  });
  const refund = useMutation({
    mutationFn: refundMembership,
    onSuccess: () => {
      toast({ title: 'Payment refunded', description: 'Your money is on its way back and your premium membership has ended.' });
      refresh();
    },
    onError: (error) => toast({ title: 'Error', description: toUserMessage(error, 'Failed to refund your payment'), variant: 'destructive' }),
  });

  const data = membership.data;
  if (!data || !data.isPremium) return null;
  return (
    <section aria-label="Your membership" className="flex flex-col gap-3">
      {data.periodEnd ? (
        <p className="text-sm text-muted">
          {data.cancelAtPeriodEnd
            ? `Cancelled: you stay premium until ${dateOf(data.periodEnd)}, then it ends.`
            : `Premium until ${dateOf(data.periodEnd)} (${data.offer.priceText}).`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {data.canCancel ? (
          <ConfirmButton
            label="Cancel membership"
            title="Cancel your membership?"
            description={`You keep premium until ${data.periodEnd ? dateOf(data.periodEnd) : 'the end of the period you paid for'}. Nothing is charged after that.`}
            confirmLabel="Cancel membership"
            isPending={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        ) : null}
        {data.canRefund ? (
          <ConfirmButton
            label="Refund my payment"
            title="Refund your payment?"
            description={`The 30-day money-back guarantee gives back your first payment (until ${dateOf(data.refundableUntil!)}). Premium ends right away.`}
            confirmLabel="Refund and end premium"
            isPending={refund.isPending}
            onConfirm={() => refund.mutate()}
          />
        ) : null}
      </div>
    </section>
  );
}
