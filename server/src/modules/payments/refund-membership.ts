import type { MembershipOverview } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { moneyProviderFor } from './payment-providers';
import { findLatestPaidPayment } from './payments.repository';
import { getMember } from '../users/membership-columns';
import { membershipOverview } from './payment-view';
import { settleAtProvider } from './settle-payment';

/**
 * The 30-day money-back guarantee: the member's first payment is given back through the
 * provider and premium ends at once. The payment machine judges eligibility (first payment,
 * within the window), so the page's button and this call agree. The refund is asked with no
 * transaction open and under the payment's own idempotency key, then recorded in a short one
 * (settleAtProvider): a retry or the provider's webhook finds it done and changes nothing again.
 */
export async function refundMembership(ctx: AppContext, input: { memberId: string }): Promise<MembershipOverview> {
  if (!(await getMember(ctx.db, input.memberId))) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
  const latest = await findLatestPaidPayment(ctx.db, input.memberId);
  if (!latest || latest.status !== 'succeeded') {
    throw new AppError('REFUND_NOT_ELIGIBLE', 'You have no membership payment that can be refunded');
  }
  const provider = moneyProviderFor(ctx);
  if (latest.provider !== provider.name) {
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'This payment was taken by a payment provider that is no longer configured');
  }
  await settleAtProvider(ctx, provider, latest.providerPaymentId, { event: 'refund', source: 'member' });
  return membershipOverview(ctx, (await getMember(ctx.db, input.memberId))!);
}
