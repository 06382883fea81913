import type { CreateMembershipPaymentResponse } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isPremiumNow } from './membership-state';
import { callProvider, paymentProviderFor } from './payment-providers';
import { findOpenPayment, insertPayment } from './payments.repository';
import { lockMember, updateMembership } from '../users/membership-columns';

/** A payment left unfinished is offered again for this long (Stripe drops an unpaid first invoice after a day). */
const RESUME_WITHIN_MS = 23 * 60 * 60 * 1000;

const dateText = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Starts (or resumes) the member's membership payment and hands back what the card form
 * confirms. A member who is premium for the current period is refused and never charged again.
 */
export async function createMembershipPayment(ctx: AppContext, input: { memberId: string }): Promise<CreateMembershipPaymentResponse> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const member = await lockMember(tx, input.memberId);
    if (!member) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
    const now = ctx.now();
    if (isPremiumNow(member, now)) {
      const until = member.membershipPeriodEnd ? ` until ${dateText(member.membershipPeriodEnd)}` : '';
      throw new AppError('ALREADY_PREMIUM', `You are already a premium member${until}, so you will not be charged again for this period.`);
    }
    const provider = paymentProviderFor(txCtx);
    const { MEMBERSHIP_PRICE_CENTS: priceCents, MEMBERSHIP_INTERVAL: interval } = ctx.env;
    const open = await findOpenPayment(tx, {
      userId: member.id,
      provider: provider.name,
      amountCents: priceCents,
      interval,
      createdAfter: new Date(now.getTime() - RESUME_WITHIN_MS),
    });
    if (open?.clientSecret) return { clientSecret: open.clientSecret, paymentIntentId: open.providerPaymentId };

    const created = await callProvider(() =>
      provider.createMembershipPayment({
        member: { id: member.id, email: member.email, customerId: member.paymentCustomerId },
        priceCents,
        interval,
      }),
    );
    if (created.customerId && created.customerId !== member.paymentCustomerId) {
      await updateMembership(tx, member.id, { paymentCustomerId: created.customerId });
    }
    await insertPayment(tx, {
      userId: member.id,
      provider: provider.name,
      providerPaymentId: created.paymentIntentId,
      providerSubscriptionId: created.subscriptionId ?? null,
      clientSecret: created.clientSecret,
      amountCents: priceCents,
      interval,
      status: 'requires_payment_method',
      period: now.toISOString().slice(0, 7),
    });
    return { clientSecret: created.clientSecret, paymentIntentId: created.paymentIntentId };
  });
}
