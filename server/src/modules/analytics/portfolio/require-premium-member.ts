import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { isPremiumNow } from '../../payments/membership-state';
import { getMember, type MembershipColumns } from '../../users/membership-columns';

/**
 * Portfolio analytics are a premium feature. Premium is read from the paid period (not only the
 * flag, which the lapse job switches off a little after the period ends), so a lapsed member is
 * refused at once.
 */
export async function requirePremiumMember(ctx: AppContext, userId: string): Promise<void> {
  if (!isPremiumMember(await getMember(ctx.db, userId), ctx.now())) throw premiumRequired();
}

/** Whether the member (null: gone) is premium at `at`. */
export function isPremiumMember(member: MembershipColumns | null, at: Date): member is MembershipColumns {
  return member !== null && isPremiumNow(member, at);
}

/** The refusal a member who is not premium gets. */
export function premiumRequired(): AppError {
  return new AppError('FORBIDDEN', 'Portfolio analytics are for premium members. Upgrade to see yours.');
}
