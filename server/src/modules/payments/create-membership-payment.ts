import type { CreateMembershipPaymentResponse } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isPremiumNow } from './membership-state';
import { moneyProviderFor } from './payment-providers';
import { providerKey, runProviderStep, skip } from './provider-step';
import { countMemberPayments, findOpenPayment, findPaymentByProviderId, insertPayment } from './payments.repository';
import { getMember, lockMember, updateMembership } from '../users/membership-columns';
import type { MemberRow } from '../users/membership-columns';

/** A payment left unfinished is offered again for this long (Stripe drops an unpaid first invoice after a day). */
const RESUME_WITHIN_MS = 23 * 60 * 60 * 1000;

const dateText = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function refuseIfPremium(member: MemberRow, now: Date) {
  if (isPremiumNow(member, now)) {
    const until = member.membershipPeriodEnd ? ` until ${dateText(member.membershipPeriodEnd)}` : '';
    throw new AppError('ALREADY_PREMIUM', `You are already a premium member${until}, so you will not be charged again for this period.`);
  }
}

/**
 * Starts (or resumes) the member's membership payment and hands back what the card form
 * confirms. A member who is premium for the current period is refused and never charged again.
 *
 * No transaction is held across the provider call (docs/rules/payments.md): the member is read,
 * the provider is asked under an idempotency key naming this member's next payment (their count
 * of payments, the price and the interval), so two requests at once (a double click, a retry)
 * get one payment; a short transaction then records it unless the other request did.
 */
export async function createMembershipPayment(ctx: AppContext, input: { memberId: string }): Promise<CreateMembershipPaymentResponse> {
  const member = await getMember(ctx.db, input.memberId);
  if (!member) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
  const now = ctx.now();
  refuseIfPremium(member, now);
  const provider = moneyProviderFor(ctx);
  const { MEMBERSHIP_PRICE_CENTS: priceCents, MEMBERSHIP_INTERVAL: interval } = ctx.env;
  const open = await findOpenPayment(ctx.db, {
    userId: member.id,
    provider: provider.name,
    amountCents: priceCents,
    interval,
    createdAfter: new Date(now.getTime() - RESUME_WITHIN_MS),
  });
  const key = async () => ({
    idempotencyKey: providerKey('membership', member.id, await countMemberPayments(ctx.db, member.id), priceCents, interval),
  });

  return runProviderStep({
    name: 'create a membership payment',
    // The intent is the member's next payment, named by their count of payments (nothing is written
    // before the provider answers: the payment row needs the provider's id).
    intent: async () => (open?.clientSecret ? skip({ clientSecret: open.clientSecret, paymentIntentId: open.providerPaymentId }) : key()),
    call: (write) =>
      provider.createMembershipPayment(
        { member: { id: member.id, email: member.email, customerId: member.paymentCustomerId }, priceCents, interval },
        write,
      ),
    apply: (_write, created) =>
      ctx.db.transaction(async (tx) => {
        const locked = await lockMember(tx, member.id);
        if (!locked) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
        // A success applied meanwhile (another tab's payment): this one is never offered.
        refuseIfPremium(locked, ctx.now());
        const twin = await findPaymentByProviderId(tx, provider.name, created.paymentIntentId);
        if (twin?.clientSecret && twin.userId === member.id) return { clientSecret: twin.clientSecret, paymentIntentId: twin.providerPaymentId };
        if (created.customerId && created.customerId !== locked.paymentCustomerId) {
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
      }),
  });
}
