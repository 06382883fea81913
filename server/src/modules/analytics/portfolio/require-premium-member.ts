import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { isPremiumNow } from '../../payments/membership-state';
import { getMember } from '../../users/membership-columns';

/**
 * Portfolio analytics are a premium feature. Premium is read from the paid period (not only the
 * flag, which the lapse job switches off a little after the period ends), so a lapsed member is
 * refused at once.
 */
export async function requirePremiumMember(ctx: AppContext, userId: string): Promise<void> {
  const member = await getMember(ctx.db, userId);
  if (!member || !isPremiumNow(member, ctx.now())) {
    throw new AppError('FORBIDDEN', 'Portfolio analytics are for premium members. Upgrade to see yours.');
  }
}
