import type { MembershipOverview } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { paymentProviderFor } from './payment-providers';
import { findLatestPaidPayment, lockPaymentByProviderId } from './payments.repository';
import { getMember, lockMember } from '../users/membership-columns';
import { membershipOverview } from './payment-view';
import { settlePayment } from './settle-payment';

/**
 * The 30-day money-back guarantee: the member's first payment is given back through the
 * provider and premium ends at once. The payment machine judges eligibility (first payment,
 * within the window), so the page's button and this call agree.
 */
export async function refundMembership(ctx: AppContext, input: { memberId: string }): Promise<MembershipOverview> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (!(await lockMember(tx, input.memberId))) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
    const latest = await findLatestPaidPayment(tx, input.memberId);
    if (!latest || latest.status !== 'succeeded') {
      throw new AppError('REFUND_NOT_ELIGIBLE', 'You have no membership payment that can be refunded');
    }
    const provider = paymentProviderFor(txCtx);
    if (latest.provider !== provider.name) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'This payment was taken by a payment provider that is no longer configured');
    }
    const payment = (await lockPaymentByProviderId(tx, latest.provider, latest.providerPaymentId))!;
    await settlePayment(txCtx, provider, payment, { event: 'refund', source: 'member' });
    return membershipOverview(txCtx, (await getMember(tx, input.memberId))!);
  });
}
