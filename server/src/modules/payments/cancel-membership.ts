import type { MembershipOverview } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { cancelMembership as cancelRule } from './membership.rules';
import { membershipOf } from './membership-state';
import { lockMember, updateMembership } from '../users/membership-columns';
import { membershipOverview } from './payment-view';

/**
 * "Cancel anytime": premium runs to the end of the period already paid, then the lapse job
 * switches it off; nothing renews it. No money moves (a refund is its own call).
 */
export async function cancelMembership(ctx: AppContext, input: { memberId: string }): Promise<MembershipOverview> {
  return ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    if (!member) throw new AppError('UNAUTHENTICATED', 'You are logged out. Please log in.');
    const result = cancelRule(membershipOf(member), ctx.now());
    if (!result.ok) {
      throw result.reason === 'ALREADY_CANCELED'
        ? new AppError('ALREADY_CANCELED', 'Your membership is already cancelled; it ends with the period you paid for')
        : new AppError('NOT_PREMIUM', 'You have no paid membership to cancel');
    }
    await updateMembership(tx, member.id, { membershipCanceledAt: result.membership.canceledAt });
    return membershipOverview({ ...ctx, db: tx }, { ...member, membershipCanceledAt: result.membership.canceledAt });
  });
}
