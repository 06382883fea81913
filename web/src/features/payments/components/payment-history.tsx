import type { MembershipPayment, PaymentStatus } from '@soleswap/contracts/payments';
import { formatMembershipPrice } from '@soleswap/contracts/payments';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { usePaymentHistory } from '../api/payments-api';

const STATUS: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  requires_payment_method: { label: 'Waiting for a card', variant: 'outline' },
  processing: { label: 'Processing', variant: 'outline' },
  requires_action: { label: 'Waiting for confirmation', variant: 'warning' },
  succeeded: { label: 'Paid', variant: 'success' },
  failed: { label: 'Declined', variant: 'destructive' },
  canceled: { label: 'Cancelled', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'accent' },
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function PaymentRow({ payment }: { payment: MembershipPayment }) {
  const status = STATUS[payment.status];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span className="flex flex-col">
        <span className="font-semibold">{formatMembershipPrice(payment.amountCents, payment.interval)}</span>
        <span className="text-xs text-muted">
          {dateOf(payment.paidAt ?? payment.createdAt)}
          {payment.cardLast4 ? ` · card ending ${payment.cardLast4}` : ''}
          {payment.refundedAt ? ` · refunded ${dateOf(payment.refundedAt)}` : ''}
        </span>
        {payment.status === 'failed' && payment.failureMessage ? <span className="text-xs text-destructive">{payment.failureMessage}</span> : null}
      </span>
      <Badge variant={status.variant}>{status.label}</Badge>
    </li>
  );
}

/** The member's charges and refunds, newest first. */
export function PaymentHistory() {
  const history = usePaymentHistory(true);
  return (
    <section aria-labelledby="payment-history-heading" className="flex flex-col gap-2">
      <h2 id="payment-history-heading" className="text-lg font-bold">
        Payment history
      </h2>
      {history.isPending ? (
        <p className="text-sm text-muted">Loading payments...</p>
      ) : history.isError ? (
        <p className="text-sm text-destructive">Failed to load your payments</p>
      ) : history.data.payments.length === 0 ? (
        <p className="text-sm text-muted">No payments yet.</p>
      ) : (
        <ul className="divide-y divide-border">
          {history.data.payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}
